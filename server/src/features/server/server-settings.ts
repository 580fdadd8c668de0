import { SERVER_AUTH_TYPES, type ServerAuthType } from '@ferry/contract';
import ssh2, { type ParsedKey } from 'ssh2';
import type { SecretBox } from '../../core/crypto.js';
import { KEY_FILE_RULE, type KeyFiles } from '../../infra/ssh/key-files.js';
import type { ServerRecord } from './server.repository.js';

/** One SSH login in plain text, as the console uses it: the server, or its jump host. */
export interface HopSettings {
  ip: string;
  /** For a jump host, 0 means 22. */
  port: number;
  owner: string;
  authType: ServerAuthType;
  /** A key file on the console host (keyFile). */
  path: string;
  password: string;
  privateKey: string;
  passphrase: string;
}

/** How to reach a server: its login, and its jump host's when it has one. */
export interface ConnectionSettings extends HopSettings {
  jump: HopSettings | null;
}

/** The connection fields of the add, edit and check forms, as the contract parses them. */
export interface ConnectionInput {
  ip: string;
  port: number;
  owner: string;
  authType?: ServerAuthType | undefined;
  path: string;
  password: string;
  privateKey: string;
  passphrase: string;
  jumpIP: string;
  jumpPort: number;
  jumpOwner: string;
  jumpAuthType?: ServerAuthType | undefined;
  jumpPath: string;
  jumpPassword: string;
  jumpPrivateKey: string;
  jumpPassphrase: string;
}

type Secret = 'password' | 'privateKey' | 'passphrase';

/** The secrets each way of logging in uses; any other stored secret is cleared on save. */
const SECRETS: Record<ServerAuthType, readonly Secret[]> = {
  password: ['password'],
  key: ['privateKey', 'passphrase'],
  keyFile: ['passphrase'],
  consoleKey: [],
};

export const isAuthType = (v: string): v is ServerAuthType =>
  (SERVER_AUTH_TYPES as readonly string[]).includes(v);

/** goploy's clients send no auth type: a key file when `path` is set, else a password. */
export const defaultAuthType = (keyPath: string): ServerAuthType =>
  keyPath ? 'keyFile' : 'password';

type Address = { ip: string; port: number } | null;

const sameAddress = (a: Address, b: Address) =>
  a?.ip === b?.ip && (a?.port ?? 0) === (b?.port ?? 0);

/**
 * One hop from the form. An empty secret means "keep the stored one" when the stored hop is
 * given. For a key file, goploy's `password` doubles as the passphrase. Secrets the auth type does
 * not use are dropped.
 */
function hopFromInput(
  given: Omit<HopSettings, 'authType'> & { authType?: ServerAuthType | undefined },
  stored: HopSettings | null,
): HopSettings {
  const authType = given.authType ?? defaultAuthType(given.path);
  const offered: Record<Secret, string> = {
    password: given.password,
    privateKey: given.privateKey,
    passphrase: authType === 'keyFile' ? given.passphrase || given.password : given.passphrase,
  };
  const hop: HopSettings = {
    ip: given.ip,
    port: given.port,
    owner: given.owner,
    authType,
    path: authType === 'keyFile' ? given.path : '',
    password: '',
    privateKey: '',
    passphrase: '',
  };
  for (const secret of SECRETS[authType]) hop[secret] = offered[secret] || stored?.[secret] || '';
  return hop;
}

/**
 * The settings a form describes, completed from the stored server's secrets. SECURITY: a stored
 * password is reused only for the same address (and the same jump host): otherwise a user could
 * point a server at a host of their own and receive its password in clear. Keys are safe to
 * reuse: a signature does not reveal the key.
 */
export function settingsFromInput(
  input: ConnectionInput,
  stored?: ConnectionSettings,
): ConnectionSettings {
  const jumpGiven = input.jumpIP
    ? {
        ip: input.jumpIP,
        port: input.jumpPort,
        owner: input.jumpOwner,
        authType: input.jumpAuthType,
        path: input.jumpPath,
        password: input.jumpPassword,
        privateKey: input.jumpPrivateKey,
        passphrase: input.jumpPassphrase,
      }
    : null;
  const jumpSame = stored !== undefined && sameAddress(jumpGiven, stored.jump);
  const targetSame = jumpSame && sameAddress(input, stored);
  const keep = (hop: HopSettings | null | undefined, same: boolean) =>
    hop ? { ...hop, password: same ? hop.password : '' } : null;
  return {
    ...hopFromInput(input, keep(stored, targetSame)),
    jump: jumpGiven && hopFromInput(jumpGiven, keep(stored?.jump, jumpSame)),
  };
}

/** The stored server's settings with its secrets opened. */
export function settingsFromRow(row: ServerRecord, box: SecretBox): ConnectionSettings {
  const open = (sealed: string) => (sealed ? box.open(sealed) : '');
  const hop = (prefix: '' | 'jump_'): HopSettings => ({
    ip: row[`${prefix}ip`],
    port: row[`${prefix}port`],
    owner: row[`${prefix}owner`],
    authType: isAuthType(row[`${prefix}auth_type`])
      ? (row[`${prefix}auth_type`] as ServerAuthType)
      : defaultAuthType(row[`${prefix}path`]),
    path: row[`${prefix}path`],
    password: open(row[`${prefix}password`]),
    privateKey: open(row[`${prefix}private_key`]),
    passphrase: open(row[`${prefix}passphrase`]),
  });
  return { ...hop(''), jump: row.jump_ip ? hop('jump_') : null };
}

/** Whether two settings reach the same machines (so its stored host keys still apply). */
export const sameMachines = (a: ConnectionSettings, b: ConnectionSettings) =>
  sameAddress(a, b) && sameAddress(a.jump, b.jump);

/** The server columns of these settings, secrets sealed ('' stays ''). */
export function sealSettings(s: ConnectionSettings, box: SecretBox) {
  const seal = (plain: string) => (plain ? box.seal(plain) : '');
  const jump = s.jump;
  return {
    ip: s.ip,
    port: s.port,
    owner: s.owner,
    auth_type: s.authType,
    path: s.path,
    password: seal(s.password),
    private_key: seal(s.privateKey),
    passphrase: seal(s.passphrase),
    jump_ip: jump?.ip ?? '',
    jump_port: jump?.port ?? 0,
    jump_owner: jump?.owner ?? '',
    jump_auth_type: jump?.authType ?? 'password',
    jump_path: jump?.path ?? '',
    jump_password: seal(jump?.password ?? ''),
    jump_private_key: seal(jump?.privateKey ?? ''),
    jump_passphrase: seal(jump?.passphrase ?? ''),
  };
}

/** A field and the rule it breaks, for a 10003 answer. */
export type Problem = [field: string, rule: string];

/** What is wrong with the settings; empty when they are complete and their key files usable. */
export function settingsProblems(s: ConnectionSettings, keyFiles: KeyFiles): Problem[] {
  const problems = hopProblems(s, (f) => f, keyFiles);
  if (s.jump) {
    const jumpField = (f: string) => `jump${f[0]!.toUpperCase()}${f.slice(1)}`;
    if (!s.jump.owner) problems.push(['jumpOwner', 'is required when jumpIP is set']);
    problems.push(...hopProblems(s.jump, jumpField, keyFiles));
  }
  return problems;
}

function hopProblems(
  hop: HopSettings,
  field: (name: string) => string,
  keyFiles: KeyFiles,
): Problem[] {
  switch (hop.authType) {
    case 'password':
      return hop.password ? [] : [[field('password'), 'is required for password login']];
    case 'key':
      if (!hop.privateKey) return [[field('privateKey'), 'is required for key login']];
      return keyProblems(hop.privateKey, hop.passphrase, field);
    case 'keyFile':
      if (!hop.path) return [[field('path'), 'is required for key file login']];
      return keyFiles.read(hop.path) === undefined ? [[field('path'), KEY_FILE_RULE]] : [];
    case 'consoleKey':
      return [];
  }
}

function keyProblems(text: string, passphrase: string, field: (name: string) => string) {
  const parsed: ParsedKey | ParsedKey[] | Error = ssh2.utils.parseKey(
    text,
    passphrase || undefined,
  );
  if (parsed instanceof Error) {
    if (/no passphrase given/i.test(parsed.message)) {
      return [[field('passphrase'), 'is required: the private key is encrypted']] as Problem[];
    }
    if (/bad passphrase|integrity check|decrypt/i.test(parsed.message)) {
      return [[field('passphrase'), 'does not decrypt the private key']] as Problem[];
    }
    return [
      [field('privateKey'), 'must be a private key in OpenSSH, PEM or PuTTY format'],
    ] as Problem[];
  }
  const key = ([] as ParsedKey[]).concat(parsed)[0]; // PuTTY files may hold several
  if (!key?.isPrivateKey()) {
    return [[field('privateKey'), 'must be a private key, not a public key']] as Problem[];
  }
  return [];
}
