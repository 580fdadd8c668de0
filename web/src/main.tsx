import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import {
  initI18n,
  nonceOnNewStyles,
  pageNonce,
  styleAttributesThroughCssom,
  usePreferences,
} from './platform';

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
