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

const restrictedUi = {
  patterns: [{ group: ['**/features/**'], message: 'web/src/ui is a leaf layer.' }],
};

/** A regular expression for esquery selectors, which end a regex at its first slash. */
const selectorRegex = (source) => source.replaceAll('/', '\\x2F');
/** `import(…)` calls whose path matches `source`: `no-restricted-imports` does not see them. */
const lazyImportsMatching = (source, message) => ({
  selector: `ImportExpression[source.value=/${selectorRegex(source)}/]`,
  message,
});

const LEAF_MESSAGE = 'web/src/ui, api and auth are below the features and never import them.';
const leafLayers = [
  {
    files: ['web/src/{api,auth}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', restrictedUi] },
  },
  {
    files: ['web/src/{ui,api,auth}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', lazyImportsMatching('(^|/)features/', LEAF_MESSAGE)],
    },
  },
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
  return Array.from({ length: folderDepth(path.join(featuresDir, feature)) + 1 }, (_, depth) => {
    const inner = `^(\\.\\./){${depth + 1}}(${others})/(?!index$)`;
    return {
      files: [`web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': ['error', { patterns: [{ regex: inner, message }] }],
        'no-restricted-syntax': ['error', lazyImportsMatching(inner, message)],
      },
    };
  });
}

const APP_MESSAGE = 'The app reaches a feature only through its index.ts.';
const appBoundary = {
  files: ['web/src/app/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ regex: '(^|/)features/[^/]+/(?!index$)', message: APP_MESSAGE }] },
    ],
    'no-restricted-syntax': [
      'error',
      lazyImportsMatching('(^|/)features/[^/]+/(?!index$)', APP_MESSAGE),
    ],
  },
};

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
  {
    files: ['web/src/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', restrictedUi] },
  },
  ...leafLayers,
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
    files: ['scripts/**/*.mjs', '*.config.js'],
    languageOptions: { globals: nodeGlobals },
  },
);
