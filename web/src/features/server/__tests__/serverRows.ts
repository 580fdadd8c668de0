import type { ServerRow } from '../utils/ServerRow';

/** A server row as GET /server/getList sends it, with `extra` over plain defaults. */
export function serverRow(id: number, name: string, extra: Partial<ServerRow> = {}): ServerRow {
  return {
    id,
    namespaceId: 1,
    name,
    ip: `10.0.0.${id}`,
    port: 22,
    owner: 'deploy',
    authType: 'password',
    path: '',
    password: '',
    hasPassword: true,
    hasPrivateKey: false,
    hasPassphrase: false,
    jumpIP: '',
    jumpPort: 0,
    jumpOwner: '',
    jumpAuthType: 'password',
    jumpPath: '',
    jumpPassword: '',
    hasJumpPassword: false,
    hasJumpPrivateKey: false,
    hasJumpPassphrase: false,
    description: '',
    os: 'linux',
    osInfo: '',
    state: 1,
    fingerprint: '',
    pendingFingerprint: '',
    jumpFingerprint: '',
    pendingJumpFingerprint: '',
    lastCheckTime: '',
    lastCheckError: '',
    insertTime: '2026-01-01 09:00:00',
    updateTime: '2026-01-01 09:00:00',
    ...extra,
  };
}

export const FP_OLD = 'SHA256:oldoldoldoldoldoldoldoldoldoldoldoldoldold0';
export const FP_NEW = 'SHA256:newnewnewnewnewnewnewnewnewnewnewnewnewnew0';
