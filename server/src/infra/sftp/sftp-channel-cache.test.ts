import type { Client, SFTPWrapper } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesOfUid } from '../../../test/linux-processes.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { passwordLogin } from '../../../test/sshd-login.js';
import { connectSsh } from '../ssh/connect.js';
import { createSftpChannelCache } from './sftp-channel-cache.js';
import { channelOpen, sftpCalls } from './sftp-calls.js';

let fleet: SshdFleet | undefined;
let server: SshdServer;
let client: Client;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1 });
  server = fleet.servers[0]!;
  client = await connectSsh(passwordLogin(server));
}, 30_000);
afterAll(async () => {
  client?.end();
  await fleet?.stopAll();
});

const open = (): Promise<SFTPWrapper> =>
  new Promise((resolve, reject) => client.sftp((err, s) => (err ? reject(err) : resolve(s))));
const closed = (sftp: SFTPWrapper) =>
  new Promise<void>((resolve) => (channelOpen(sftp) ? sftp.once('close', resolve) : resolve()));
const sftpServers = () => processesOfUid(server.uid).filter((p) => p.name === 'sftp-server');

describe('the SFTP channel cache', () => {
  it('hands a kept channel to the next user, which works on it without a new sftp-server', async () => {
    const cache = createSftpChannelCache();
    const first = await open();
    await sftpCalls(first).stat('.');
    const running = sftpServers().length;
    for (let use = 0; use < 5; use++) {
      cache.keep(client, first);
      const again = cache.take(client);
      expect(again).toBe(first);
      expect((await sftpCalls(again!).stat('.')).isDirectory()).toBe(true);
    }
    expect(sftpServers()).toHaveLength(running);
    first.end();
    await closed(first);
  });

  it('has nothing to hand out for a connection it keeps nothing of', () => {
    expect(createSftpChannelCache().take(client)).toBeUndefined();
  });

  it('keeps at most its number per connection and ends the rest', async () => {
    const cache = createSftpChannelCache({ perConnection: 2 });
    const channels = [await open(), await open(), await open()];
    for (const sftp of channels) cache.keep(client, sftp);
    await closed(channels[2]!);
    expect(channelOpen(channels[2]!)).toBe(false);
    expect(cache.size(client)).toBe(2);
    const taken = [cache.take(client), cache.take(client), cache.take(client)];
    expect(taken).toEqual([channels[0], channels[1], undefined]);
    for (const sftp of channels.slice(0, 2)) {
      sftp.end();
      await closed(sftp);
    }
  });

  it('ends a channel kept longer than its idle time', async () => {
    const cache = createSftpChannelCache({ idleMs: 50 });
    const sftp = await open();
    cache.keep(client, sftp);
    await closed(sftp);
    expect(cache.size(client)).toBe(0);
    expect(cache.take(client)).toBeUndefined();
  });

  it('neither keeps nor hands out a channel that closed', async () => {
    const cache = createSftpChannelCache();
    const ended = await open();
    ended.end();
    await closed(ended);
    cache.keep(client, ended);
    expect(cache.size(client)).toBe(0);

    const kept = await open();
    cache.keep(client, kept);
    kept.end();
    await closed(kept);
    expect(cache.take(client)).toBeUndefined();
  });

  it('lets every kept channel go with its connection', async () => {
    const cache = createSftpChannelCache();
    const other = await connectSsh(passwordLogin(server));
    const sftp = await new Promise<SFTPWrapper>((resolve, reject) =>
      other.sftp((err, s) => (err ? reject(err) : resolve(s))),
    );
    cache.keep(other, sftp);
    other.end();
    await closed(sftp);
    expect(cache.take(other)).toBeUndefined();
  });
});
