import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { nonceOnNewStyles } from './app/csp/nonceOnNewStyles';
import { pageNonce } from './app/csp/pageNonce';
import { styleAttributesThroughCssom } from './app/csp/styleAttributesThroughCssom';
import { initI18n } from './app/i18n/initI18n';
import { usePreferences } from './app/preferences/usePreferences';

const nonce = pageNonce();
nonceOnNewStyles(nonce);
if (nonce) styleAttributesThroughCssom();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first paint waits for the texts of the user's language (one small request).
void initI18n(usePreferences.getState().language).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
