import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CSP_NONCE_PLACEHOLDER } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { newNonce, pagePolicy } from './content-security-policy.js';
import { unknownRoute } from './error-handler.js';

/**
 * Serves the built web app. A GET that asks for HTML and matches no API route gets the SPA's
 * index.html (client-side routes) with a fresh nonce in its tags and in its
 * Content-Security-Policy; any other unknown request answers code 1, as goploy does.
 */
export async function registerSpa(
  app: FastifyInstance,
  webRoot: string | undefined,
): Promise<void> {
  const index = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const hasSpa = !!index && fs.existsSync(index);
  // Read once: each answer only puts its nonce in place of the placeholder.
  const page = hasSpa ? fs.readFileSync(index, 'utf8') : '';
  if (hasSpa && webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // index.html only with its nonce, from the handler below.
      allowedPath: (pathName) => !/^\/index\.html(\.br|\.gz)?$/.test(pathName),
      // The build writes .br and .gz beside each asset; the client's Accept-Encoding picks one.
      preCompressed: true,
      setHeaders: (res, file) => {
        // The shipped README (the documentation link) reads as text in any browser.
        if (/\.md(\.br|\.gz)?$/.test(file))
          void res.header('content-type', 'text/plain; charset=utf-8');
        // Names under assets/ carry a content hash: a changed file is a new name.
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          void res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsHtml = String(req.headers.accept ?? '').includes('text/html');
    if (hasSpa && req.method === 'GET' && wantsHtml) {
      const nonce = newNonce();
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', pagePolicy(nonce))
        .send(page.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
    }
    return unknownRoute(reply);
  });
}
