import type { Command } from '../command.js';
import { deployStateName, publishExtOf } from '../deploy-state.js';
import { ExitCode } from '../exit-codes.js';
import { findProject } from '../lookup.js';

export const statusCommand: Command = {
  name: 'status',
  summary: "A project's deploy state and its last release: token, commit and time.",
  args: ['PROJECT'],
  usage: '',
  optionHelp: [['PROJECT', 'the project, by name or id']],
  options: {},
  async run({ client, out, positionals }) {
    const p = await findProject(client, positionals[0]!);
    const ext = publishExtOf(p.publishExt);
    const status = {
      project: p.name,
      projectId: p.id,
      state: deployStateName(p.deployState),
      deployState: p.deployState,
      lastPublishToken: p.lastPublishToken,
      commit: ext.commit,
      branch: ext.branch,
      message: ext.message,
      time: p.updateTime,
      publisher: p.publisherName,
      activeToken: p.activeToken,
      activeStatus: p.activeStatus,
      queued: p.queued,
      reviewCount: p.reviewCount,
    };
    if (out.json) {
      out.document(status);
      return ExitCode.ok;
    }
    const paint = p.deployState === 3 ? out.red : p.deployState === 2 ? out.green : out.yellow;
    out.line(`${out.bold(p.name)}  ${paint(status.state)}`);
    out.line(`last release  ${p.lastPublishToken || '-'}`);
    out.line(`commit        ${ext.commit || '-'}${ext.branch ? ` (${ext.branch})` : ''}`);
    if (ext.message) out.line(`message       ${ext.message.split('\n')[0]}`);
    out.line(`time          ${p.updateTime}${p.publisherName ? ` by ${p.publisherName}` : ''}`);
    if (p.activeToken) out.line(`running       ${p.activeToken} (${p.activeStatus})`);
    if (p.queued > 0) out.line(`queued        ${p.queued}`);
    if (p.reviewCount > 0) out.line(`reviews       ${p.reviewCount} waiting`);
    return ExitCode.ok;
  },
};
