import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'eslint.config.js'),
  // The boundary rules read import paths only; without type information a lint is quick.
  overrideConfig: tseslint.configs.disableTypeChecked as Linter.Config,
});

const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax']);

/** The boundary rules `code` breaks when it is the file at `file` (from the repository root). */
async function broken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId))
    .map((m) => m.ruleId ?? '');
}

describe('the boundaries between web features (eslint.config.js)', () => {
  it("refuses an import of another feature's inner file", async () => {
    expect(
      await broken(
        'web/src/features/terminal/pages/TerminalLogPage.tsx',
        "import { currentPage } from '../../log/utils/logSearch';\nexport const page = currentPage;\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await broken(
        'web/src/features/server/routes.tsx',
        "export { TerminalPage } from '../terminal/pages/TerminalPage';\n",
      ),
    ).toEqual(['no-restricted-imports']);
  });

  it("refuses a lazy import of another feature's inner file", async () => {
    expect(
      await broken(
        'web/src/features/server/routes.tsx',
        "export const load = () => import('../terminal/pages/TerminalPage');\n",
      ),
    ).toEqual(['no-restricted-syntax']);
    expect(
      await broken(
        'web/src/features/toolbox/components/json/JsonTreeRow.tsx',
        "export const load = () => import('../../../deploy/pages/DeployPage');\n",
      ),
    ).toEqual(['no-restricted-syntax']);
  });

  it('lets a feature import another through its index, and its own inner files', async () => {
    expect(
      await broken(
        'web/src/features/deploy/components/DeployCard.tsx',
        [
          "import { EnvironmentTag } from '../../project';",
          "import { LabelTags } from '../../project/index';",
          "import { cardState } from '../utils/cardState';",
          "export const lazy = () => import('../../project');",
          'export const used = [EnvironmentTag, LabelTags, cardState];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('lets the app reach features only through their index', async () => {
    const file = 'web/src/app/layout/ToolboxButton.tsx';
    expect(
      await broken(file, "export { LazyToolboxDialog } from '../../features/toolbox';\n"),
    ).toEqual([]);
    expect(
      await broken(
        file,
        "export const load = () => import('../../features/toolbox/components/ToolboxDialog');\n",
      ),
    ).toEqual(['no-restricted-syntax']);
    expect(
      await broken(file, "export { toolboxRoutes } from '../../features/toolbox/routes';\n"),
    ).toEqual(['no-restricted-imports']);
  });

  it('keeps ui/ a leaf that imports no feature', async () => {
    expect(
      await broken(
        'web/src/ui/MonoText.tsx',
        "export { projectRoutes } from '../features/project';\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await broken(
        'web/src/ui/MonoText.tsx',
        "export const load = () => import('../features/project');\n",
      ),
    ).toEqual(['no-restricted-syntax']);
  });
});

describe('app/ on top, which nothing below imports (decision 0041)', () => {
  /** A file of each layer below app/, and its path up to web/src. */
  const below: [file: string, up: string][] = [
    ['web/src/features/login/pages/LoginPage.tsx', '../../../'],
    ['web/src/features/toolbox/__tests__/jsonTool.test.tsx', '../../../'],
    ['web/src/features/log/routes.tsx', '../../'],
    ['web/src/ui/MonoText.tsx', '../'],
    ['web/src/api/call.ts', '../'],
    ['web/src/auth/session.ts', '../'],
    ['web/src/platform/router/appRoute.tsx', '../../'],
    ['web/src/test/renderApp.tsx', '../'],
    ['web/src/locales/__tests__/locales.test.ts', '../../'],
  ];

  it.each(below)('refuses an import of app/ from %s', async (file, up) => {
    expect(await broken(file, `export { routeTree } from '${up}app/router/routeTree';\n`)).toEqual([
      'no-restricted-imports',
    ]);
    expect(
      await broken(
        file,
        `import { AppLayout } from '${up}app/layout/AppLayout';\nexport { AppLayout };\n`,
      ),
    ).toEqual(['no-restricted-imports']);
  });

  it.each(below)('refuses a lazy import of app/ from %s', async (file, up) => {
    expect(
      await broken(file, `export const load = () => import('${up}app/router/routeTree');\n`),
    ).toEqual(['no-restricted-syntax']);
  });

  it('lets the entry mount the app', async () => {
    expect(await broken('web/src/main.tsx', "export { App } from './app/App';\n")).toEqual([]);
  });

  it('lets the features, ui, api, auth and the app reach the platform through its index only', async () => {
    const outside = below.filter(([f]) => /^web\/src\/(features|ui|api|auth)\//.test(f));
    for (const [file, up] of outside) {
      expect(await broken(file, `export { appRoute } from '${up}platform';\n`)).toEqual([]);
      expect(
        await broken(file, `export { loadNamespaces } from '${up}platform/i18n/loadNamespaces';\n`),
      ).toEqual(['no-restricted-imports']);
      expect(
        await broken(file, `export const load = () => import('${up}platform/queryClient');\n`),
      ).toEqual(['no-restricted-syntax']);
    }
    expect(
      await broken(
        'web/src/app/layout/Navbar.tsx',
        "export { ThemeToggle } from '../../platform/preferences/ThemeToggle';\n",
      ),
    ).toEqual(['no-restricted-imports']);
  });

  it('keeps the platform below the features', async () => {
    const file = 'web/src/platform/router/appRoute.tsx';
    expect(await broken(file, "export { toolboxRoutes } from '../../features/toolbox';\n")).toEqual(
      ['no-restricted-imports'],
    );
    expect(
      await broken(file, "export const load = () => import('../../features/toolbox');\n"),
    ).toEqual(['no-restricted-syntax']);
  });

  it('holds in the sources: no file outside app/ but the entry imports it', () => {
    const src = path.join(root, 'web/src');
    const app = path.join(src, 'app');
    const files = (fs.readdirSync(src, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => path.join(src, f))
      .filter((f) => !f.startsWith(app + path.sep) && f !== path.join(src, 'main.tsx'));
    expect(files.length).toBeGreaterThan(300);
    const intoApp = files.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      // Static imports and re-exports, `import()`, and the paths `vi.mock` and its kin are given.
      const paths = [
        ...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\bvi\.\w+\(\s*)'(\.[^']*)'/g),
      ];
      return paths
        .map((m) => m[1] ?? '')
        .filter((p) => {
          const target = path.resolve(path.dirname(file), p);
          return target === app || target.startsWith(app + path.sep);
        })
        .map((p) => `${path.relative(src, file)}: ${p}`);
    });
    expect(intoApp).toEqual([]);
  });
});
