import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/boot';
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
      <Boot />
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
