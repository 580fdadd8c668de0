import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Ships the project README with the app: the user menu's documentation link opens it. */
function readmeAsDocs(): Plugin {
  return {
    name: 'ferry-readme',
    generateBundle() {
      const source = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8');
      this.emitFile({ type: 'asset', fileName: 'README.md', source });
    },
  };
}

/** Path prefixes of the goploy-compatible API; the dev server forwards them to Ferry's server. */
const API_PREFIXES = ['/user', '/namespace', '/role', '/log', '/ws'];
const API_TARGET = process.env.FERRY_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), readmeAsDocs()],
  server: {
    // `/user/profile` is both an SPA page and an API prefix: only API calls (fetch/XHR, which do
    // not ask for text/html) are forwarded; a browser navigation gets index.html.
    proxy: Object.fromEntries(
      API_PREFIXES.map((prefix) => [
        prefix,
        {
          target: API_TARGET,
          changeOrigin: false,
          ws: true,
          bypass: (req: { headers: { accept?: string } }) =>
            req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
        },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1600,
  },
});
