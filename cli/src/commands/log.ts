import { deployRoutes, TraceState } from '@ferry/contract/client';
import type { Command } from '../command.js';
import { ExitCode } from '../exit-codes.js';
import { serverNamesOf } from '../lookup.js';
import { stageOfTrace } from '../trace.js';

export const logCommand: Command = {
  name: 'log',
  summary: "A deploy's publish trace: each stage (per server) with its result and output.",
  args: ['TOKEN'],
  usage: '',
  optionHelp: [['TOKEN', 'the deploy token that ferry deploy printed']],
  options: {},
  async run({ client, out, positionals }) {
    const token = positionals[0]!;
    const { list } = await client.call(deployRoutes.getPublishTrace, { lastPublishToken: token });
    const names = list[0]
      ? await serverNamesOf(client, list[0].projectId)
      : new Map<number, string>();
    const rows = await Promise.all(
      list.map(async (row) => {
        const { detail } = await client.call(deployRoutes.getPublishTraceDetail, { id: row.id });
        return {
          stage: stageOfTrace(row.type),
          serverId: row.serverId,
          server: row.serverId ? (names.get(row.serverId) ?? `server ${row.serverId}`) : '',
          ok: row.state === TraceState.succeeded,
          time: row.insertTime,
          ext: row.ext,
          detail,
        };
      }),
    );
    if (out.json) {
      out.document({ token, project: list[0]?.projectName ?? '', trace: rows });
      return ExitCode.ok;
    }
    if (rows.length === 0) out.line(`no trace for ${token} yet`);
    for (const r of rows) {
      const result = r.ok ? out.green('ok') : out.red('failed');
      out.line(`${r.time}  ${r.stage}${r.server ? ` ${r.server}` : ''}  ${result}`);
      for (const line of r.detail.trimEnd().split('\n').filter(Boolean)) out.line(`  ${line}`);
    }
    return ExitCode.ok;
  },
};
