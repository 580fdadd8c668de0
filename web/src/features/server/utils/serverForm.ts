import type { ServerAuthType } from '@ferry/contract/client';
import type { CheckInput, ServerInput, ServerRow } from './ServerRow';

/** Add a new server, edit a stored one, or add a copy of one. */
export type FormMode = 'add' | 'edit' | 'copy';

/** The login part of the form, for the server and (prefixed `jump`) for its jump host. */
export interface AuthValues {
  authType: ServerAuthType;
  password?: string;
  privateKey?: string;
  passphrase?: string;
  /** A private-key file on the console host. */
  path?: string;
}

export interface ServerFormValues {
  name: string;
  namespaceId: number;
  os: 'linux' | 'windows';
  description?: string;
  ip: string;
  port: number;
  owner: string;
  authType: ServerAuthType;
  password?: string;
  privateKey?: string;
  passphrase?: string;
  path?: string;
  useJump: boolean;
  jumpIP?: string;
  jumpPort?: number;
  jumpOwner?: string;
  jumpAuthType: ServerAuthType;
  jumpPassword?: string;
  jumpPrivateKey?: string;
  jumpPassphrase?: string;
  jumpPath?: string;
}

/** The fields of the form a 10003 answer may name (`os` has no field: it is kept as it was). */
export const SERVER_FORM_FIELDS = [
  'name',
  'namespaceId',
  'description',
  'ip',
  'port',
  'owner',
  'authType',
  'password',
  'privateKey',
  'passphrase',
  'path',
  'jumpIP',
  'jumpPort',
  'jumpOwner',
  'jumpAuthType',
  'jumpPassword',
  'jumpPrivateKey',
  'jumpPassphrase',
  'jumpPath',
] as const;

export type ServerFormField = (typeof SERVER_FORM_FIELDS)[number];

type AuthField = keyof Omit<AuthValues, 'authType'>;

/** Which fields each way of logging in uses; the others are not sent. */
export const AUTH_FIELDS: Record<ServerAuthType, readonly AuthField[]> = {
  password: ['password'],
  key: ['privateKey', 'passphrase'],
  keyFile: ['path', 'passphrase'],
  consoleKey: [],
};

/**
 * The fields of one login. A secret left empty is sent empty only when `keepStored` (an edit, or
 * a check of a stored server: empty means "unchanged"); otherwise it is left out. The key file
 * path is no secret and always goes with `keyFile`.
 */
export function authInput(
  auth: AuthValues,
  keepStored: boolean,
): { authType: ServerAuthType } & Partial<Record<AuthField, string>> {
  const out: { authType: ServerAuthType } & Partial<Record<AuthField, string>> = {
    authType: auth.authType,
  };
  for (const field of AUTH_FIELDS[auth.authType]) {
    const value = auth[field] ?? '';
    if (field === 'path') out.path = value.trim();
    else if (value.trim() !== '' || keepStored) out[field] = value.trim() === '' ? '' : value;
  }
  return out;
}

const jumpName = (field: string) => `jump${field.charAt(0).toUpperCase()}${field.slice(1)}`;

/** The jump host's login as the form names it. */
export function jumpAuthOf(v: ServerFormValues): AuthValues {
  return {
    authType: v.jumpAuthType,
    password: v.jumpPassword,
    privateKey: v.jumpPrivateKey,
    passphrase: v.jumpPassphrase,
    path: v.jumpPath,
  };
}

/** The connection fields of add, edit and check. No jump host is sent as an empty `jumpIP`. */
export function connectionInput(v: ServerFormValues, keepStored: boolean): CheckInput {
  const jumpIP = v.useJump ? (v.jumpIP ?? '').trim() : '';
  const jump = jumpIP
    ? Object.fromEntries(
        Object.entries(authInput(jumpAuthOf(v), keepStored)).map(([k, value]) => [
          jumpName(k),
          value,
        ]),
      )
    : {};
  return {
    ip: v.ip.trim(),
    port: v.port,
    owner: v.owner.trim(),
    ...authInput(v, keepStored),
    jumpIP,
    jumpPort: jumpIP ? (v.jumpPort ?? 22) : 0,
    jumpOwner: jumpIP ? (v.jumpOwner ?? '').trim() : '',
    ...jump,
  };
}

/** The body of add (and of edit, with the id): empty secrets only on edit, meaning unchanged. */
export function serverInput(v: ServerFormValues, mode: FormMode): ServerInput {
  return {
    name: v.name.trim(),
    namespaceId: v.namespaceId,
    os: v.os,
    description: (v.description ?? '').trim(),
    ...connectionInput(v, mode === 'edit'),
  };
}

/** The form's starting values: blank for a new server, else the row's (secrets always empty). */
export function formValuesOf(
  row: ServerRow | undefined,
  mode: FormMode,
  namespaceId: number,
): ServerFormValues {
  if (!row || mode === 'add') {
    return {
      name: '',
      namespaceId,
      os: 'linux',
      ip: '',
      port: 22,
      owner: '',
      authType: 'password',
      useJump: false,
      jumpPort: 22,
      jumpAuthType: 'password',
    };
  }
  return {
    name: mode === 'copy' ? `${row.name} copy` : row.name,
    namespaceId: row.namespaceId,
    os: row.os === 'windows' ? 'windows' : 'linux',
    description: row.description,
    ip: row.ip,
    port: row.port,
    owner: row.owner,
    authType: row.authType,
    path: row.path,
    useJump: row.jumpIP !== '',
    jumpIP: row.jumpIP,
    jumpPort: row.jumpPort || 22,
    jumpOwner: row.jumpOwner,
    jumpAuthType: row.jumpAuthType,
    jumpPath: row.jumpPath,
  };
}

/** A stored server's check from its row: every secret empty, so the stored ones are used. */
export function rowCheckInput(row: ServerRow): CheckInput {
  return { id: row.id, ...connectionInput(formValuesOf(row, 'edit', row.namespaceId), true) };
}
