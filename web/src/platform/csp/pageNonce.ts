import { CSP_NONCE_PLACEHOLDER } from '@ferry/contract/client';

/**
 * The nonce of this page's Content-Security-Policy: the server writes it into index.html (the
 * `csp-nonce` meta tag the build adds). The browser hides the attribute once the page has loaded,
 * so it is read from the element's property. Undefined when the page came without one (the dev
 * server, tests).
 */
export function pageNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce && nonce !== CSP_NONCE_PLACEHOLDER ? nonce : undefined;
}
