import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const nodeGlobals = Object.fromEntries(
  ['process', 'console', 'Buffer', 'URL', 'setTimeout', 'clearTimeout'].map((g) => [g, 'readonly']),
);

/**
 * Server features meet only through published interfaces (docs/decisions/0015): a feature file
 * imports another feature's `<g>.api.ts` alone; the app wires `<g>.module.ts`; core, infra and db
 * know no feature. Tests may reach inside.
 */
const serverFeatures = fs
  .readdirSync(new URL('server/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const anyServerFeature = serverFeatures.join('|');
const serverFeatureBoundaries = serverFeatures.map((f) => ({
  files: [`server/src/features/${f}/**/*.ts`],
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            // `../<g>/…` or `features/<g>/…`; `infra/<g>/…` (infra named like a feature) is infra.
            regex: `(^|/)(\\.\\.|features)/(?!${f}/)(${anyServerFeature})/(?!\\3\\.api\\.js$)`,
            message: 'Another feature is reached only through its <feature>.api.ts.',
          },
        ],
      },
    ],
  },
}));
const restrictedAppWiring = {
  patterns: [
    {
      regex: `features/(${anyServerFeature})/(?!\\1\\.(api|module)\\.js$)`,
      message: 'The app wires features through their <feature>.module.ts and <feature>.api.ts.',
    },
  ],
};
const restrictedBelowFeatures = {
  patterns: [
    { group: ['**/features/**'], message: 'core/, infra/ and db/ never import features/.' },
  ],
};

/** A regular expression for esquery selectors, which end a regex at its first slash. */
const selectorRegex = (source) => source.replaceAll('/', '\\x2F');
/** `import(…)` calls whose path matches `source`: `no-restricted-imports` does not see them. */
const lazyImportsMatching = (source, message) => ({
  selector: `ImportExpression[source.value=/${selectorRegex(source)}/]`,
  message,
});

/**
 * The web boundaries refuse import paths by regular expression, in static imports and in lazy
 * `import()` alike. A file takes one list of them: a later block that sets the same rule for a
 * file replaces the earlier one, so each block lists every refusal its files are under.
 */
function webBoundary(files, refusals) {
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns: refusals }],
      'no-restricted-syntax': [
        'error',
        ...refusals.map(({ regex, message }) => lazyImportsMatching(regex, message)),
      ],
    },
  };
}

/**
 * `web/src/app` is the top (docs/decisions/0041): it composes the features and the platform into
 * the route tree and the layout, and only the entry, `main.tsx`, imports it. A relative path that
 * climbs and names `app` can only mean it: no other folder of web/src is called so.
 */
const NO_APP = {
  regex: '^(\\.\\./)+app(/|$)',
  message: 'Nothing imports web/src/app: it composes the features and the platform.',
};
/** `web/src/platform` is reached through its `index.ts`, statically or lazily. */
const PLATFORM_INDEX = {
  regex: '^(\\.\\.?/)+platform/(?!index$)',
  message: 'Import web/src/platform through its index.ts, never its inner files.',
};
const NO_FEATURE = {
  regex: '(^|/)features/',
  message: 'web/src/ui, api, auth and platform are below the features and never import them.',
};

const webLayers = [
  webBoundary(['web/src/{ui,api,auth}/**/*.{ts,tsx}'], [NO_FEATURE, NO_APP, PLATFORM_INDEX]),
  webBoundary(['web/src/platform/**/*.{ts,tsx}'], [NO_FEATURE, NO_APP]),
  // The test helpers may reach inside the platform: every test file runs their set-up.
  webBoundary(['web/src/{locales,test,__tests__}/**/*.{ts,tsx}'], [NO_APP]),
  webBoundary(['web/src/main.tsx'], [PLATFORM_INDEX]),
];

/**
 * A web feature reaches another only through its `index.ts` (architecture.md, feature modules):
 * `../../log` may be imported from `features/terminal/pages/`, `../../log/utils/x` may not, nor
 * lazily. A relative path names another feature only by its number of `../`, so one block per
 * feature and folder depth says exactly which paths leave the feature.
 */
const featuresDir = path.join(import.meta.dirname, 'web/src/features');
const features = fs
  .readdirSync(featuresDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** How many folders deep files lie under `dir` at most. */
function folderDepth(dir) {
  const subs = fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory());
  return Math.max(0, ...subs.map((d) => 1 + folderDepth(path.join(dir, d.name))));
}

function featureBoundaries(feature) {
  const others = features.filter((f) => f !== feature).join('|');
  const message = 'Import another feature through its index.ts, never its inner files.';
  return Array.from({ length: folderDepth(path.join(featuresDir, feature)) + 1 }, (_, depth) =>
    webBoundary(
      [`web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      [
        { regex: `^(\\.\\./){${depth + 1}}(${others})/(?!index$)`, message },
        NO_APP,
        PLATFORM_INDEX,
      ],
    ),
  );
}

const appBoundary = webBoundary(
  ['web/src/app/**/*.{ts,tsx}'],
  [
    {
      regex: '(^|/)features/[^/]+/(?!index$)',
      message: 'The app reaches a feature only through its index.ts.',
    },
    PLATFORM_INDEX,
  ],
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/coverage/**',
      'e2e/test-results/**',
      '.runtime/**',
      // Types of the scripts' modules that tests import: declarations only.
      'scripts/*.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['server/src/{core,infra,db}/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', restrictedBelowFeatures] },
  },
  {
    files: ['server/src/*.ts'],
    rules: { 'no-restricted-imports': ['error', restrictedAppWiring] },
  },
  ...serverFeatureBoundaries,
  {
    files: ['contract/src/**/*.ts'],
    ignores: ['contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'contract/ runs in the browser too.' }] },
      ],
    },
  },
  ...webLayers,
  ...features.flatMap(featureBoundaries),
  appBoundary,
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@ferry/contract',
              message: 'The browser imports @ferry/contract/client (docs/decisions/0007).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'server/test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '*.config.ts', '**/vite.config.ts', '**/vitest.config.ts'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['scripts/**/*.mjs', '*.config.js', 'cli/bin/*.mjs'],
    languageOptions: { globals: nodeGlobals },
  },
);
