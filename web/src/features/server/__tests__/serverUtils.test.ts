import { SERVER_IMPORT_COLUMNS } from '@ferry/contract/client';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/ApiError';
import { authorizedKeysCommand } from '../utils/authorizedKeysCommand';
import { csvCell, REQUIRED_IMPORT_COLUMNS, serverCsvTemplate } from '../utils/csvTemplate';
import { fieldError } from '../../../api/fieldError';
import { importProblems } from '../utils/importProblems';
import { filterServers, hasPendingHostKey, NO_FILTER } from '../utils/filterServers';
import { formatMemory, formatOsInfo, parseOsInfo } from '../utils/osInfo';
import { serverAddress } from '../utils/serverAddress';
import {
  connectionInput,
  formValuesOf,
  rowCheckInput,
  serverInput,
  SERVER_FORM_FIELDS,
  type ServerFormValues,
} from '../utils/serverForm';
import { serverRow } from './serverRows';

describe('formatOsInfo', () => {
  it('reads goploy’s PRETTY_NAME|cpus|MemTotal kB', () => {
    expect(formatOsInfo('Debian GNU/Linux 12 (bookworm)|2|24536692')).toBe(
      'Debian GNU/Linux 12 (bookworm) · 2 CPU · 23.4 GiB',
    );
  });

  it('words the CPU count as asked and shows small memory in MiB', () => {
    expect(formatOsInfo('Alpine Linux v3.20|1|524288', (n) => `${n} 核`)).toBe(
      'Alpine Linux v3.20 · 1 核 · 512 MiB',
    );
  });

  it('leaves out parts that are missing or not numbers, and strips quotes', () => {
    expect(formatOsInfo('"Ubuntu 24.04 LTS"||')).toBe('Ubuntu 24.04 LTS');
    expect(formatOsInfo('Rocky Linux 9|x|8000000 kB')).toBe('Rocky Linux 9 · 7.6 GiB');
    expect(formatOsInfo('')).toBe('');
    expect(parseOsInfo('|4|')).toEqual({ name: '', cpus: 4 });
  });

  it('formats memory in GiB from one GiB up', () => {
    expect(formatMemory(1024 * 1024)).toBe('1.0 GiB');
    expect(formatMemory(1024 * 1024 - 1)).toBe('1024 MiB');
    expect(formatMemory(1)).toBe('1 MiB');
  });
});

describe('serverCsvTemplate', () => {
  const [header, example, rest] = serverCsvTemplate().split('\r\n');

  it('has the import columns as its header and one example row', () => {
    expect(header).toBe(SERVER_IMPORT_COLUMNS.join(','));
    expect(rest).toBe('');
    const cells = (example ?? '').split(',');
    expect(cells).toHaveLength(SERVER_IMPORT_COLUMNS.length);
    for (const column of REQUIRED_IMPORT_COLUMNS) {
      expect(cells[SERVER_IMPORT_COLUMNS.indexOf(column)], column).not.toBe('');
    }
    expect(cells[SERVER_IMPORT_COLUMNS.indexOf('port')]).toBe('22');
    expect(cells[SERVER_IMPORT_COLUMNS.indexOf('password')]).toBe('');
  });

  it('quotes cells holding commas, quotes or line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });
});

describe('authorizedKeysCommand', () => {
  it('appends the quoted key to authorized_keys', () => {
    expect(authorizedKeysCommand('ssh-ed25519 AAAAC3Nz ferry@console\n')).toBe(
      "mkdir -p ~/.ssh && echo 'ssh-ed25519 AAAAC3Nz ferry@console' >> ~/.ssh/authorized_keys && chmod 600 ~/.ssh/authorized_keys",
    );
  });

  it('cannot be broken out of by a quote in the key', () => {
    expect(authorizedKeysCommand("ssh-ed25519 AAAA x'$(reboot)'")).toContain(
      `echo 'ssh-ed25519 AAAA x'\\''$(reboot)'\\''' >>`,
    );
  });
});

describe('filterServers', () => {
  const list = [
    serverRow(1, 'web-1', { owner: 'root', port: 2222 }),
    serverRow(2, 'DB primary', { state: 0, jumpIP: 'bastion.example.com', jumpOwner: 'hop' }),
    serverRow(3, 'web-2'),
  ];
  const names = (f: Partial<typeof NO_FILTER>) =>
    filterServers(list, { ...NO_FILTER, ...f }).map((s) => s.name);

  it('matches the name ignoring case and outer spaces', () => {
    expect(names({ name: ' WEB ' })).toEqual(['web-1', 'web-2']);
    expect(names({ name: 'db' })).toEqual(['DB primary']);
  });

  it('matches the address of the server and of its jump host', () => {
    expect(names({ host: 'root@' })).toEqual(['web-1']);
    expect(names({ host: ':2222' })).toEqual(['web-1']);
    expect(names({ host: '10.0.0.3' })).toEqual(['web-2']);
    expect(names({ host: 'bastion' })).toEqual(['DB primary']);
  });

  it('filters by state', () => {
    expect(names({ state: 'disabled' })).toEqual(['DB primary']);
    expect(names({ state: 'enabled' })).toEqual(['web-1', 'web-2']);
    expect(names({ state: 'enabled', name: 'db' })).toEqual([]);
  });

  it('tells a server with a pending host key', () => {
    expect(hasPendingHostKey(serverRow(1, 'a'))).toBe(false);
    expect(hasPendingHostKey(serverRow(1, 'a', { pendingFingerprint: 'SHA256:x' }))).toBe(true);
    expect(hasPendingHostKey(serverRow(1, 'a', { pendingJumpFingerprint: 'SHA256:x' }))).toBe(true);
  });
});

describe('serverAddress', () => {
  it('shows owner@host:port, brackets IPv6 and the jump host with port 22 by default', () => {
    expect(serverAddress(serverRow(1, 'a', { ip: 'fd00::1', port: 2200 }))).toEqual({
      target: 'deploy@[fd00::1]:2200',
    });
    expect(serverAddress(serverRow(1, 'a', { jumpIP: 'hop', jumpOwner: 'j' })).jump).toBe(
      'j@hop:22',
    );
  });
});

describe('server form mapping', () => {
  const base: ServerFormValues = {
    ...formValuesOf(undefined, 'add', 1),
    name: ' web ',
    ip: ' 10.0.0.9 ',
    owner: 'root',
  };

  it('sends only the chosen login’s fields, and no empty secret on add', () => {
    expect(serverInput({ ...base, password: 'pw' }, 'add')).toEqual({
      name: 'web',
      namespaceId: 1,
      os: 'linux',
      description: '',
      ip: '10.0.0.9',
      port: 22,
      owner: 'root',
      authType: 'password',
      password: 'pw',
      jumpIP: '',
      jumpPort: 0,
      jumpOwner: '',
    });
    const key = connectionInput(
      { ...base, authType: 'key', privateKey: 'KEY', password: 'x' },
      false,
    );
    expect(key).toMatchObject({ authType: 'key', privateKey: 'KEY' });
    expect(key).not.toHaveProperty('password');
    expect(key).not.toHaveProperty('passphrase');
    const file = connectionInput({ ...base, authType: 'keyFile', path: ' /k ' }, false);
    expect(file).toMatchObject({ authType: 'keyFile', path: '/k' });
    expect(file).not.toHaveProperty('passphrase');
    const consoleKey = connectionInput({ ...base, authType: 'consoleKey', password: 'x' }, false);
    expect(Object.keys(consoleKey).sort()).toEqual(
      ['authType', 'ip', 'jumpIP', 'jumpOwner', 'jumpPort', 'owner', 'port'].sort(),
    );
  });

  it('sends empty secrets on edit, meaning unchanged', () => {
    expect(connectionInput({ ...base, authType: 'key' }, true)).toMatchObject({
      privateKey: '',
      passphrase: '',
    });
  });

  it('sends the jump host’s login prefixed, only when a jump host is used', () => {
    const values = { ...base, password: 'pw', jumpIP: 'hop', jumpOwner: 'j', jumpPassword: 'jp' };
    expect(connectionInput(values, false)).not.toHaveProperty('jumpPassword');
    expect(connectionInput({ ...values, useJump: true }, false)).toMatchObject({
      jumpIP: 'hop',
      jumpPort: 22,
      jumpOwner: 'j',
      jumpAuthType: 'password',
      jumpPassword: 'jp',
    });
  });

  it('starts a copy from the row with “ copy” and no secrets', () => {
    const row = serverRow(4, 'web', { authType: 'keyFile', path: '/k', jumpIP: 'hop' });
    expect(formValuesOf(row, 'copy', 1)).toMatchObject({
      name: 'web copy',
      authType: 'keyFile',
      path: '/k',
      useJump: true,
      jumpPort: 22,
    });
    expect(formValuesOf(row, 'copy', 1)).not.toHaveProperty('password');
  });

  it('checks a stored server with its id and empty secrets', () => {
    expect(rowCheckInput(serverRow(4, 'web'))).toEqual({
      id: 4,
      ip: '10.0.0.4',
      port: 22,
      owner: 'deploy',
      authType: 'password',
      password: '',
      jumpIP: '',
      jumpPort: 0,
      jumpOwner: '',
    });
  });
});

describe('fieldError and importProblems', () => {
  const invalid = (message: string) =>
    new ApiError('envelope', 10003, message, 'invalid_parameter');

  it('finds the field a 10003 message names', () => {
    expect(
      fieldError(invalid('ip must be an IP address or a host name'), SERVER_FORM_FIELDS),
    ).toEqual({
      name: 'ip',
      errors: ['must be an IP address or a host name'],
    });
    expect(fieldError(invalid('jumpIP must be an IP address'), SERVER_FORM_FIELDS)?.name).toBe(
      'jumpIP',
    );
    expect(fieldError(invalid('os must be linux or windows'), SERVER_FORM_FIELDS)).toBeUndefined();
    expect(fieldError(new ApiError('envelope', 2, 'ip x'), SERVER_FORM_FIELDS)).toBeUndefined();
  });

  it('splits an import refusal into its problems', () => {
    expect(
      importProblems(invalid('row 2: host must be an IP\nrow 5: port must be at most 65535\n')),
    ).toEqual(['row 2: host must be an IP', 'row 5: port must be at most 65535']);
    expect(importProblems(new ApiError('envelope', 2, 'boom'))).toEqual([]);
  });
});
