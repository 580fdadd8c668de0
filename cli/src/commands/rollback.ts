import { deployRoutes } from '@ferry/contract/client';
import type { Command } from '../command.js';
import { reportDeploy, timeoutOf } from '../deploy-outcome.js';
import { CliError, ExitCode, usageError } from '../exit-codes.js';
import { findProject } from '../lookup.js';
import { previousRelease } from '../previous-release.js';

/** How far back `--previous` looks in the deploy history. */
const HISTORY_ROWS = 100;

export const rollbackCommand: Command = {
  name: 'rollback',
  summary: 'Rolls a project back to an earlier release (POST /deploy/rebuild).',
  args: ['PROJECT'],
  usage: '(--to TOKEN | --previous) [--wait] [--timeout 10m]',
  optionHelp: [
    ['PROJECT', 'the project, by name or id'],
    ['--to TOKEN', 'the release of that deploy'],
    ['--previous', 'the release before the live one, from the deploy history'],
    ['--wait', "follow the rollback's log until it ends"],
    ['--timeout D', 'with --wait, give up after D (90s, 10m, 1h; default 10m)'],
  ],
  notes: [
    'The console re-links the kept release where the servers still hold it, and rebuilds that',
    'commit elsewhere. Exit codes as ferry deploy.',
  ],
  options: {
    to: { type: 'string' },
    previous: { type: 'boolean' },
    wait: { type: 'boolean' },
    timeout: { type: 'string' },
  },
  async run(ctx) {
    const { client, out, values } = ctx;
    const to = typeof values.to === 'string' ? values.to.trim() : '';
    if (Boolean(to) === Boolean(values.previous)) {
      throw usageError('give either --to TOKEN or --previous');
    }
    timeoutOf(values);
    const project = await findProject(client, ctx.positionals[0]!);
    let target = to;
    if (!target) {
      const { list } = await client.call(deployRoutes.getPreview, {
        projectId: project.id,
        page: 1,
        rows: HISTORY_ROWS,
      });
      const previous = previousRelease(list);
      if (!previous) {
        throw new CliError(
          `${project.name} has no earlier release to roll back to`,
          ExitCode.failed,
        );
      }
      target = previous.token;
      if (!out.json) out.line(out.dim(`rolling back to ${target} (${previous.ext.slice(0, 8)})`));
    }
    const answer = await client.call(deployRoutes.rebuild, { token: target });
    return reportDeploy(ctx, project, answer.token, { rollbackTo: target, type: answer.type });
  },
};
