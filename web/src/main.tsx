import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from 'react-error-boundary';
import { Boot } from './app/boot';
import { CrashPage } from './app/crash-page';
import { logRenderError } from './lib/error-reference';
import { applyDocumentLanguage } from './lib/language';
import { applyTheme, readTheme } from './lib/theme';

// Applied before the first render so that a light-theme user never sees a dark flash.
applyTheme(readTheme());
// docs/product.md §1: French; i18next loads with the app, the landing page reads the catalogue itself.
applyDocumentLanguage('fr');

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const render = () =>
  createRoot(root).render(
    <StrictMode>
      {/* The last of three boundaries (docs/security.md, "Hostile content"): without it, an
          error thrown while rendering unmounts the whole root and leaves a blank page. */}
      <ErrorBoundary FallbackComponent={CrashPage} onError={logRenderError}>
        <Boot />
      </ErrorBoundary>
    </StrictMode>,
  );

// The app's build (docs/mobile.md): its start-up and session token first. Tested on the
// setting itself, so that the browser's build leaves this out entirely.
if (import.meta.env.VITE_SERVER_ORIGIN) {
  void import('./native/boot')
    .then(({ bootNativeApp }) => bootNativeApp(root))
    .catch(() => undefined)
    .then(render);
} else render();
