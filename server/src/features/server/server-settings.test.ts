import { describe, expect, it } from 'vitest';
import { KEY_FILE_RULE, type KeyFiles } from '../../infra/ssh/key-files.js';
import {
  settingsFromInput,
  settingsProblems,
  type ConnectionInput,
  type ConnectionSettings,
} from './server-settings.js';

const form = (patch: Partial<ConnectionInput> = {}): ConnectionInput => ({
  ip: '10.0.0.1',
  port: 22,
  owner: 'deploy',
  path: '',
  password: '',
  privateKey: '',
  passphrase: '',
  jumpIP: '',
  jumpPort: 0,
  jumpOwner: '',
  jumpPath: '',
  jumpPassword: '',
  jumpPrivateKey: '',
  jumpPassphrase: '',
  ...patch,
});

const stored: ConnectionSettings = {
  ip: '10.0.0.1',
  port: 22,
  owner: 'deploy',
  authType: 'key',
  path: '',
  password: '',
  privateKey: 'STORED KEY',
  passphrase: 'stored passphrase',
  jump: {
    ip: '10.0.0.9',
    port: 0,
    owner: 'jump',
    authType: 'password',
    path: '',
    password: 'stored jump password',
    privateKey: '',
    passphrase: '',
  },
};

describe('settingsFromInput', () => {
  it("reads goploy's forms: a path means a key file whose passphrase is the password", () => {
    const s = settingsFromInput(form({ path: '/keys/id', password: 'pp' }));
    expect(s).toMatchObject({
      authType: 'keyFile',
      path: '/keys/id',
      password: '',
      passphrase: 'pp',
    });
    expect(settingsFromInput(form({ password: 'pw' }))).toMatchObject({
      authType: 'password',
      password: 'pw',
      jump: null,
    });
  });

  it('keeps only the secrets the auth type uses', () => {
    const s = settingsFromInput(
      form({
        authType: 'consoleKey',
        password: 'pw',
        privateKey: 'k',
        passphrase: 'p',
        path: '/x',
      }),
    );
    expect(s).toMatchObject({ password: '', privateKey: '', passphrase: '', path: '' });
  });

  it('fills empty secrets from the stored server, keys even when the address changed', () => {
    const jump = { jumpIP: '10.0.0.9', jumpOwner: 'jump', jumpAuthType: 'password' as const };
    const same = settingsFromInput(form({ authType: 'key', ...jump }), stored);
    expect(same).toMatchObject({ privateKey: 'STORED KEY', passphrase: 'stored passphrase' });
    expect(same.jump).toMatchObject({ password: 'stored jump password' });
    const moved = settingsFromInput(form({ authType: 'key', ip: '10.0.0.2', ...jump }), stored);
    expect(moved).toMatchObject({ privateKey: 'STORED KEY' });
  });

  it('drops a stored password when the server or its jump host moves', () => {
    const withPassword = { ...stored, authType: 'password' as const, password: 'stored pw' };
    const jump = { jumpIP: '10.0.0.9', jumpOwner: 'jump' };
    expect(settingsFromInput(form(jump), withPassword).password).toBe('stored pw');
    expect(settingsFromInput(form({ ...jump, port: 2222 }), withPassword).password).toBe('');
    const otherJump = settingsFromInput(form({ ...jump, jumpIP: '10.0.0.8' }), withPassword);
    expect(otherJump.password).toBe('');
    expect(otherJump.jump?.password).toBe('');
    expect(settingsFromInput(form(), withPassword).password).toBe('');
  });
});

describe('settingsProblems', () => {
  it('names the jump fields with their own names', () => {
    const s = settingsFromInput(form({ password: 'pw', jumpIP: '10.0.0.9', jumpPath: 'rel' }));
    const noKeyFiles: KeyFiles = { read: () => undefined };
    expect(settingsProblems(s, noKeyFiles)).toEqual([
      ['jumpOwner', 'is required when jumpIP is set'],
      ['jumpPath', KEY_FILE_RULE],
    ]);
  });
});
