import { randomBytes } from 'node:crypto';

/** A fresh nonce for one page: 16 random bytes, base64. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The policy of the web app's page. Scripts and `<style>` elements run only from the console's
 * own origin or with this answer's nonce, which the page hands to antd's CSS-in-JS and to every
 * `<style>` element the app makes; no 'unsafe-inline' and no 'unsafe-eval' (WebAssembly alone
 * may be compiled). Sockets, images,
 * fonts and workers stay on the console's origin (plus data: and blob: URLs the app makes
 * itself: the QR code image, downloads).
 */
export function pagePolicy(nonce: string): string {
  return [
    "default-src 'self'",
    // The terminal recording player runs its terminal emulator as WebAssembly.
    `script-src 'self' 'nonce-${nonce}' 'wasm-unsafe-eval'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Every other answer a browser might open as a document (the README, an SVG) runs nothing. */
export const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'self'";
