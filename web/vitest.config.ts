import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const include = ['src/**/__tests__/**/*.test.{ts,tsx}'];

/**
 * The test files that replace a module with `vi.mock`: they run isolated, each with its own
 * module graph, because a module mocked in one file must not stay mocked in the next.
 */
export const mockingFiles: string[] = fs
  .globSync(include, { cwd: root })
  .filter((file) => fs.readFileSync(path.join(root, file), 'utf8').includes('vi.mock('))
  .sort();

/**
 * Component tests in jsdom, in two projects. `web`: the files that mock nothing share one module
 * graph per worker (`isolate: false`): antd, the router and the texts are imported once per worker
 * instead of once per file, which took about a third of the tier's time (docs/decisions/0042).
 * `src/test/setup.ts` runs before every file and resets what a file may change: the DOM, storage,
 * globals, mocks and timers. `web-isolated`: the files that mock a module, one graph each.
 */
function webProject(isolated: boolean) {
  return defineConfig({
    root,
    plugins: [react()],
    test: {
      name: isolated ? 'web-isolated' : 'web',
      environment: 'jsdom',
      include: isolated ? mockingFiles : include,
      exclude: isolated ? [] : mockingFiles,
      isolate: isolated,
      setupFiles: ['src/test/setup.ts', 'src/app/test/setup.ts'],
      css: false,
      testTimeout: 15_000,
    },
  });
}

export const webProjects = [webProject(false), webProject(true)];

export default webProjects[0];
