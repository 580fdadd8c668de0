import { PERMISSIONS, userRoutes } from '@ferry/contract/client';
import type { Command } from '../command.js';
import { ExitCode } from '../exit-codes.js';

/** Permission ids as their catalogue names (an id the catalogue lacks stays a number). */
export function permissionNames(ids: readonly number[]): string[] {
  const byId = new Map<number, string>(PERMISSIONS.map((p) => [p.id, p.name]));
  return ids.map((id) => byId.get(id) ?? `#${id}`);
}

export const whoamiCommand: Command = {
  name: 'whoami',
  summary: "The API key's account, name, namespace and permissions (GET /user/info).",
  args: [],
  usage: '',
  optionHelp: [],
  options: {},
  async run({ client, out }) {
    const info = await client.call(userRoutes.userInfo, {});
    const permissions = permissionNames(info.namespace.permissionIds);
    const me = {
      id: info.userInfo.id,
      account: info.userInfo.account,
      name: info.userInfo.name,
      superManager: info.userInfo.superManager === 1,
      namespaceId: info.namespace.id,
      permissions,
    };
    if (out.json) {
      out.document(me);
      return ExitCode.ok;
    }
    out.line(`account      ${me.account}${me.superManager ? ' (super manager)' : ''}`);
    out.line(`name         ${me.name}`);
    out.line(`namespace    ${me.namespaceId}`);
    out.line(`permissions  ${permissions.join(', ') || '-'}`);
    return ExitCode.ok;
  },
};
