import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/boot';
import { API_ORIGIN } from './lib/api';
import { applyDocumentLanguage } from './lib/language';
import { restoreSessionToken, secureStorage } from './lib/session-token';
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
      <Boot />
    </StrictMode>,
  );

if (API_ORIGIN) {
  // The app's build (docs/mobile.md): its session token is read before the first request,
  // and the native start-up runs (inert outside the native runtime). Neither is in the
  // browser's bundle.
  void import('./native/start').then(({ startNativeApp }) => startNativeApp(root));
  void restoreSessionToken(secureStorage)
    .catch(() => {})
    .then(render);
} else render();
