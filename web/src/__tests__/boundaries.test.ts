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
