import { deployRoutes } from '@ferry/contract/client';
import type { Command } from '../command.js';
import { reportDeploy, timeoutOf } from '../deploy-outcome.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { boundServers, findProject, pickServers } from '../lookup.js';
import { resolvePublishTarget } from '../publish-target.js';
import { reviewLink } from '../review-link.js';

export const deployCommand: Command = {
  name: 'deploy',
  summary: 'Publishes a project (POST /deploy/publish), and with --wait follows it to the end.',
  args: ['PROJECT'],
  usage: '[--branch B | --commit C | --tag T] [--servers a,b] [--wait] [--timeout 10m]',
  optionHelp: [
    ['PROJECT', 'the project, by name or id'],
    ['--branch B', "the head of branch B (default: the project's branch)"],
    ['--commit C', 'the commit C'],
    ['--tag T', "tag T's commit"],
    ['--servers a,b', 'only these of the bound servers, by name or id (a grey deploy)'],
    ['--wait', "follow the deploy's log until it ends"],
    ['--timeout D', 'with --wait, give up after D (90s, 10m, 1h; default 10m)'],
  ],
  notes: [
    'Exit codes: 0 deployed (or queued, without --wait), 1 the deploy failed, 2 refused (no',
    'permission, or the project needs a review: the link to approve it is printed), 3 timeout',
    '(the deploy goes on in the console).',
  ],
  options: {
    branch: { type: 'string' },
    commit: { type: 'string' },
    tag: { type: 'string' },
    servers: { type: 'string' },
    wait: { type: 'boolean' },
    timeout: { type: 'string' },
  },
  async run(ctx) {
    const { client, out, values } = ctx;
    timeoutOf(values);
    const project = await findProject(client, ctx.positionals[0]!);
    const target = await resolvePublishTarget(client, project.id, values);
    const serverIds =
      typeof values.servers === 'string'
        ? pickServers(await boundServers(client, project.id), values.servers, 'bound server')
        : [];
    const answer = await client.call(deployRoutes.publish, {
      projectId: project.id,
      commit: target.commit,
      branch: target.branch,
      serverIds,
    });
    if (!answer.token) {
      const link = reviewLink(client.connection.url);
      throw new CliError(
        `${project.name} needs a review before it deploys: review${answer.reviewId ? ` #${answer.reviewId}` : ''} waits for a reviewer at ${link}`,
        ExitCode.refused,
        { project: project.name, reviewId: answer.reviewId, reviewUrl: link },
      );
    }
    if (answer.ahead > 0 && !out.json) {
      out.line(out.dim(`${answer.ahead} deploy(s) of ${project.name} ahead of this one`));
    }
    return reportDeploy(ctx, project, answer.token, {
      ahead: answer.ahead,
      commit: target.commit,
      branch: target.branch,
      tag: target.tag,
      serverIds,
    });
  },
};
