import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Shown by the browser itself: images and PDF. */
const INLINE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
};

/**
 * Shown as plain text. Markup and scripts (HTML, SVG, XML, JS) are among them on purpose: served
 * as what they are, they would run as a page of the console's origin.
 */
const TEXT_EXTENSIONS = new Set(
  (
    'txt log md markdown csv tsv json jsonl yaml yml toml ini conf cfg cnf env properties ' +
    'xml html htm xhtml svg js mjs cjs ts tsx jsx css scss less vue sql sh bash zsh py rb go ' +
    'rs java kt php pl lua c h cc cpp hpp cs swift dockerfile gitignore service timer'
  ).split(' '),
);

/** How a file is served for preview: inline with a type the browser shows, else as a download. */
export function previewTypeOf(fileName: string): { contentType: string; inline: boolean } {
  const dot = fileName.lastIndexOf('.');
  const ext = fileName.slice(dot + 1).toLowerCase(); // `Dockerfile` is its own extension
  const known = INLINE_TYPES[ext];
  if (known) return { contentType: known, inline: true };
  if (TEXT_EXTENSIONS.has(ext)) return { contentType: 'text/plain; charset=utf-8', inline: true };
  return { contentType: 'application/octet-stream', inline: false };
}

/**
 * `Content-Disposition` naming `fileName`: an ASCII fallback (unsafe characters replaced) and the
 * exact name as RFC 5987 `filename*`.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** A file ready to be shown: its bytes and how `previewTypeOf` types its name. */
export interface PreviewFile {
  stream: Readable;
  fileName: string;
  contentType: string;
  inline: boolean;
}

/**
 * Sends `file` for the browser to show. SECURITY: `Content-Security-Policy: sandbox` and
 * `nosniff` keep any file, whatever it holds, from running as a page of the console's origin;
 * markup is already typed as plain text by `previewTypeOf`.
 */
export function sendPreview(reply: FastifyReply, file: PreviewFile): FastifyReply {
  return reply
    .type(file.contentType)
    .header(
      'content-disposition',
      contentDisposition(file.inline ? 'inline' : 'attachment', file.fileName),
    )
    .header('content-security-policy', 'sandbox')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);
}
