import { describe, expect, it } from 'vitest';
import { installAgent, isAgentPath } from './agent.routes.js';

describe('the agent install form', () => {
  it('takes absolute directories and directories under the home, nothing else', () => {
    for (const ok of ['~/.ferry-agent', '/opt/ferry-agent', '/srv/a/b/', '~/x.y@z+1']) {
      expect(isAgentPath(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      '/',
      '~',
      '~/',
      'rel/dir',
      '/srv/../etc',
      '~/./x',
      '/a b',
      "/a'b",
      '/a$b',
    ]) {
      expect(isAgentPath(bad), bad).toBe(false);
    }
  });

  it("has goploy's fields with their defaults, and ours", () => {
    const parsed = installAgent.input.parse({ ids: '3,4', webPort: '' });
    expect(parsed).toMatchObject({
      ids: [3, 4],
      installPath: '~/.ferry-agent',
      tool: '',
      reportURL: '',
    });
    // No interval: each server keeps its own collection interval.
    expect(parsed.interval).toBeUndefined();
    expect(installAgent.input.parse({ ids: '3', interval: 15 }).interval).toBe(15);
  });
});
