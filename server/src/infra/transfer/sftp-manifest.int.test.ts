import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useOneSshd } from '../../../test/one-sshd.js';
import { passwordLogin } from '../../../test/sshd-login.js';
import { connectSsh } from '../ssh/connect.js';
import { sftpSync, type SftpSyncRequest } from './sftp-sync.js';

const sshd = useOneSshd();
let client: Client;
let source: string;

beforeAll(async () => {
  client = await connectSsh(passwordLogin(sshd.server));
  source = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-sftp-manifest-'));
});
afterAll(() => {
  client?.end();
  if (source) fs.rmSync(source, { recursive: true, force: true });
});

const dest = (name: string) => `${sshd.server.dir}/home/app/${name}`;

function sync(over: Partial<SftpSyncRequest> & { destPath: string }) {
  const lines: string[] = [];
  const run = sftpSync({
    client,
    source,
    options: ['-v', '--delete'],
    timeoutMs: 30_000,
    onLine: (l) => lines.push(l),
    ...over,
  });
  return { run, lines };
}

/** Writes `text` with the modification time `at` (seconds, fractions kept). */
function write(rel: string, text: string, at: number) {
  const file = path.join(source, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.utimesSync(file, at, at);
}

describe('sftpSync with the manifest of the last sync', { timeout: 30_000 }, () => {
  it('sends a same-size change made within the same second, and only that', async () => {
    const destPath = dest('same-second');
    const second = 1_700_000_000;
    write('index.html', 'v1', second + 0.1);
    write('lib/a.js', 'a', second);
    const first = await sync({ destPath }).run;
    expect(first.uploaded).toBe(2);

    write('index.html', 'v2', second + 0.6);
    const next = sync({ destPath, previous: first.manifest });
    const outcome = await next.run;
    expect(fs.readFileSync(`${destPath}/index.html`, 'utf8')).toBe('v2');
    expect(outcome).toMatchObject({ uploaded: 1, skipped: 1, deleted: 0 });
    expect(next.lines).toContain('uploaded index.html (2 bytes)');
  });

  it('skips a file whose time changed but whose content did not, and deletes by the manifest', async () => {
    const destPath = dest('touched');
    fs.rmSync(source, { recursive: true, force: true });
    write('kept.txt', 'same', 1_700_000_000);
    write('gone.txt', 'x', 1_700_000_000);
    const first = await sync({ destPath }).run;
    write('kept.txt', 'same', 1_700_000_100);
    fs.rmSync(path.join(source, 'gone.txt'));
    const outcome = await sync({ destPath, previous: first.manifest }).run;
    expect(outcome).toMatchObject({ uploaded: 0, skipped: 1, deleted: 1 });
    expect(fs.readdirSync(destPath)).toEqual(['kept.txt']);
  });

  it('compares with the server when it no longer holds what the manifest says', async () => {
    const destPath = dest('changed-by-hand');
    fs.rmSync(source, { recursive: true, force: true });
    write('web/index.html', 'v1', 1_700_000_000);
    const first = await sync({ destPath }).run;
    fs.rmSync(`${destPath}/web`, { recursive: true });
    write('web/index.html', 'v2', 1_700_000_100);
    const next = sync({ destPath, previous: first.manifest });
    expect((await next.run).uploaded).toBe(1);
    expect(fs.readFileSync(`${destPath}/web/index.html`, 'utf8')).toBe('v2');
    expect(next.lines.some((l) => l.startsWith('the server differs from the last transfer'))).toBe(
      true,
    );
  });
});
