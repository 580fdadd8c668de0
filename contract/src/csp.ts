/**
 * What the web build writes as the nonce of its tags in index.html (Vite's `html.cspNonce`); the
 * server puts a fresh nonce in its place in every answer and names it in the
 * Content-Security-Policy header.
 */
export const CSP_NONCE_PLACEHOLDER = 'FERRY_CSP_NONCE';
