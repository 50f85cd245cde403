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
createRoot(root).render(
  <StrictMode>
    <Boot />
  </StrictMode>,
);
