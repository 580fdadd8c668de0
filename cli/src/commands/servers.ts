import { serverRoutes } from '@ferry/contract/client';
import type { Command } from '../command.js';
import { ExitCode } from '../exit-codes.js';
import { table } from '../output.js';

export const serversCommand: Command = {
  name: 'servers',
  summary: "The namespace's enabled servers and the shared ones.",
  args: [],
  usage: '',
  optionHelp: [],
  options: {},
  async run({ client, out }) {
    const { list } = await client.call(serverRoutes.getOption, {});
    const servers = list.map((s) => ({
      id: s.id,
      name: s.name,
      ip: s.ip,
      port: s.port,
      owner: s.owner,
      shared: s.namespaceId === 0,
      description: s.description,
    }));
    if (out.json) {
      out.document({ servers });
      return ExitCode.ok;
    }
    const rows = servers.map((s) => [
      String(s.id),
      s.name,
      `${s.owner}@${s.ip}:${s.port}`,
      s.shared ? 'shared' : '',
      s.description,
    ]);
    for (const line of table(['ID', 'NAME', 'ADDRESS', 'SHARED', 'DESCRIPTION'], rows)) {
      out.line(line);
    }
    return ExitCode.ok;
  },
};
