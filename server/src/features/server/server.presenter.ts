import { formatTime } from '../../core/clock.js';
import { defaultAuthType, isAuthType } from './server-settings.js';
import type { ServerRecord } from './server.repository.js';

const authTypeOf = (stored: string, keyPath: string) =>
  isAuthType(stored) ? stored : defaultAuthType(keyPath);

/**
 * A server row as goploy names it. SECURITY: secrets never leave the server; `password` and
 * `jumpPassword` stay as empty strings for goploy's clients, `has*` says whether one is stored.
 */
export function presentServer(r: ServerRecord) {
  return {
    id: r.id,
    namespaceId: r.namespace_id,
    name: r.name,
    ip: r.ip,
    port: r.port,
    owner: r.owner,
    authType: authTypeOf(r.auth_type, r.path),
    path: r.path,
    password: '' as const,
    hasPassword: r.password !== '',
    hasPrivateKey: r.private_key !== '',
    hasPassphrase: r.passphrase !== '',
    jumpIP: r.jump_ip,
    jumpPort: r.jump_port,
    jumpOwner: r.jump_owner,
    jumpAuthType: authTypeOf(r.jump_auth_type, r.jump_path),
    jumpPath: r.jump_path,
    jumpPassword: '' as const,
    hasJumpPassword: r.jump_password !== '',
    hasJumpPrivateKey: r.jump_private_key !== '',
    hasJumpPassphrase: r.jump_passphrase !== '',
    description: r.description,
    os: r.os,
    osInfo: r.os_info,
    state: r.state,
    fingerprint: r.host_key,
    pendingFingerprint: r.pending_host_key,
    jumpFingerprint: r.jump_host_key,
    pendingJumpFingerprint: r.pending_jump_host_key,
    lastCheckTime: formatTime(r.last_check_time),
    lastCheckError: r.last_check_error,
    insertTime: formatTime(r.insert_time),
    updateTime: formatTime(r.update_time),
  };
}

export type ServerRow = ReturnType<typeof presentServer>;

/** A server for pickers: where it is, never how to log in. */
export function presentServerOption(r: ServerRecord) {
  return {
    id: r.id,
    namespaceId: r.namespace_id,
    name: r.name,
    ip: r.ip,
    port: r.port,
    owner: r.owner,
    description: r.description,
    osInfo: r.os_info,
    insertTime: formatTime(r.insert_time),
    updateTime: formatTime(r.update_time),
  };
}
