import { deployRoutes } from '@ferry/contract/client';
import type { Command } from '../command.js';
import { deployStateName, publishExtOf } from '../deploy-state.js';
import { ExitCode } from '../exit-codes.js';
import { table } from '../output.js';

export const projectsCommand: Command = {
  name: 'projects',
  summary: 'The projects the API key may deploy, with their deploy state.',
  args: [],
  usage: '',
  optionHelp: [],
  options: {},
  async run({ client, out }) {
    const { list } = await client.call(deployRoutes.getList, {});
    const projects = list.map((p) => ({
      id: p.id,
      name: p.name,
      branch: p.branch,
      environment: p.environment,
      state: deployStateName(p.deployState),
      deployState: p.deployState,
      lastPublishToken: p.lastPublishToken,
      commit: publishExtOf(p.publishExt).commit,
      review: p.review,
      serverIds: p.serverIds,
    }));
    if (out.json) {
      out.document({ projects });
      return ExitCode.ok;
    }
    const rows = projects.map((p) => [
      String(p.id),
      p.name,
      p.branch,
      p.state,
      p.commit.slice(0, 8),
      p.lastPublishToken,
    ]);
    for (const line of table(['ID', 'NAME', 'BRANCH', 'STATE', 'COMMIT', 'LAST TOKEN'], rows)) {
      out.line(line);
    }
    return ExitCode.ok;
  },
};
