import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from '../contract/src/csp.js';

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

/**
 * Writes `.br` and `.gz` beside every text asset over 1 KB; the server sends the one the browser
 * accepts (about a third of the plain size), with no compression work per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ferry-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const p = path.join(dir, e.name);
          return e.isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|md)$/.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(body, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
          }),
        );
      }
    },
  };
}

/**
 * antd's form context, under every antd input, takes one provider from `@rc-component/form`'s
 * index, which hangs the whole form engine (fields, lists, the validator) on its default export
 * at module level: every page with an input would carry it. Taking the provider from its own
 * module keeps the engine in the pages that show a form.
 */
function formProviderAlone(): Plugin {
  const from = "from '@rc-component/form';";
  return {
    name: 'ferry-form-provider-alone',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/ },
      handler(code) {
        if (!code.includes(from)) {
          this.warn("antd's form context changed: it is bundled as is");
          return null;
        }
        const alone = "from '@rc-component/form/es/FormContext.js';";
        return { code: code.replace(from, alone), map: null };
      },
    },
  };
}

/**
 * The contract's template language and the sample data of the template editor's preview: only
 * that editor uses them, but `client.ts` re-exports them, so they would land in the first page.
 * They have no side effects, which lets them go with the editor. Nor have the default templates
 * (the web app does not show them), though they join their lines with calls the bundler keeps.
 */
const NOTIFICATION_TEMPLATE =
  /contract[\\/]src[\\/]features[\\/]notification[\\/](template|notification-data|default-templates)\.ts$/;

/**
 * Everything the app runs at start (rolldown's `$initial`: the entry and its static imports) is
 * one chunk, the entry's. Left to itself, rolldown cuts that code into a chunk for each set of
 * lazy pages that share a part of it: the first page fetched about 100 files, each with its own
 * import and export lists and compressed apart, 45 KB more gzip than the same code in one file.
 * Pages and dialogs loaded later keep chunks of their own and import the start's code from it.
 */
const START_GROUP = { name: 'app', tags: ['$initial' as const] };

/**
 * `$initial` follows every static import, also those of code the build then drops. These modules
 * are imported so by the start but used only by later pages, so each is a chunk of its own that
 * those pages fetch: the button's and the tag's styles take a colour helper from the colour
 * picker's presets, whose module imports antd's Collapse; the contract's client entry re-exports
 * the template language.
 */
const LOADED_LATER = [
  { name: 'collapse', test: /[\\/](antd[\\/]es|@rc-component)[\\/]collapse[\\/]/ },
  { name: 'notificationTemplate', test: NOTIFICATION_TEMPLATE },
];

/** Path prefixes of the goploy-compatible API; the dev server forwards them to Ferry's server. */
const API_PREFIXES = [
  '/user',
  '/namespace',
  '/role',
  '/log',
  '/server',
  '/project',
  '/repository',
  '/deploy',
  '/notification',
  '/ws',
];
const API_TARGET = process.env.FERRY_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), formProviderAlone(), readmeAsDocs(), precompress()],
  // Tags in index.html carry a placeholder nonce (and a meta tag tells the app); the server puts
  // a fresh one in its place in every answer and in its Content-Security-Policy.
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            ...LOADED_LATER.map(({ name, test }) => ({
              name,
              test,
              priority: 1,
              includeDependenciesRecursively: false,
            })),
            START_GROUP,
          ],
        },
      },
      treeshake: {
        moduleSideEffects: (id: string) => (NOTIFICATION_TEMPLATE.test(id) ? false : undefined),
      },
    },
  },
});
