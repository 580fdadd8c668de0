import net from 'node:net';
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock, systemClock } from '../../core/clock.js';
import { createSecretBox } from '../../core/crypto.js';
import type { Db } from '../../db/database.js';
import { openTestDb, type TestDb } from '../../../test/test-db.js';
import { startReceiver, type Receiver } from '../../../test/http-receiver.js';
import { createLeases } from '../jobs/lease.js';
import { createNotifier, type NotifyMessage } from './notifier.js';

const box = createSecretBox(randomBytes(32));
const log = { error: () => undefined };
let receiver: Receiver;
let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(async () => {
  testDb = await openTestDb();
  db = testDb.db;
  receiver.received.length = 0;
  return () => testDb.release();
});

const message = (over: Partial<NotifyMessage> = {}): NotifyMessage => ({
  namespaceId: 1,
  projectId: 7,
  projectName: 'shop',
  useBy: 'deploy',
  subject: 'shop deploy failed',
  channel: 2,
  target: receiver.url('/robot/send?access_token=tok-123'),
  secret: '',
  title: 'Deploy shop',
  body: '#### Deploy shop',
  creator: 'Alice',
  ...over,
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const delivery = (id: number) =>
  db.selectFrom('notification_delivery').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const attempts = (id: number) =>
  db
    .selectFrom('notification_attempt')
    .selectAll()
    .where('delivery_id', '=', id)
    .orderBy('id')
    .execute();

describe('the notifier', () => {
  it("posts each channel's body, signed where the channel signs", async () => {
    const clock = manualClock(Date.UTC(2026, 10, 26, 8, 0, 0));
    const notifier = createNotifier({ db, box, clock, log });
    const secret = 'SEC-signing-secret';
    await notifier.enqueue(message({ channel: 1, target: receiver.url('/wecom') }));
    await notifier.enqueue(
      message({ channel: 2, target: receiver.url('/ding?access_token=t'), secret }),
    );
    await notifier.enqueue(message({ channel: 3, target: receiver.url('/feishu'), secret }));
    await notifier.enqueue(
      message({ channel: 255, target: receiver.url('/custom'), secret, body: '{"DeployState":3}' }),
    );
    receiver.script('/feishu', { status: 200, body: '{"code":0,"msg":"success"}' });
    receiver.script('/custom', { status: 204, body: '' });
    await notifier.sendDue();

    const now = clock.now();
    expect(receiver.at('/wecom')[0]!.json).toEqual({
      msgtype: 'markdown',
      markdown: { content: 'Deploy shop\n#### Deploy shop' },
    });

    const ding = receiver.at('/ding')[0]!;
    expect(ding.json).toEqual({
      msgtype: 'markdown',
      markdown: { title: 'Deploy shop', text: '#### Deploy shop' },
    });
    const query = new URL(ding.url, 'http://x').searchParams;
    expect(query.get('access_token')).toBe('t');
    expect(query.get('timestamp')).toBe(String(now));
    const dingSign = createHmac('sha256', secret).update(`${now}\n${secret}`).digest('base64');
    expect(query.get('sign')).toBe(dingSign);

    const seconds = String(Math.floor(now / 1000));
    expect(receiver.at('/feishu')[0]!.json).toEqual({
      timestamp: seconds,
      sign: createHmac('sha256', `${seconds}\n${secret}`).update('').digest('base64'),
      msg_type: 'text',
      content: { text: 'Deploy shop\n#### Deploy shop' },
    });

    const custom = receiver.at('/custom')[0]!;
    expect(custom.body).toBe('{"data":{"DeployState":3}}');
    const signature = createHmac('sha256', secret).update(custom.body).digest('hex');
    expect(custom.headers['x-ferry-signature']).toBe(`sha256=${signature}`);

    const rows = await db.selectFrom('notification_delivery').selectAll().execute();
    expect(rows.map((r) => r.state)).toEqual(['sent', 'sent', 'sent', 'sent']);
  });

  it('retries after a 500 and after a 200 carrying an error code, then succeeds', async () => {
    const clock = manualClock();
    const notifier = createNotifier({ db, box, clock, log }, { retryDelaysMs: [1000, 2000, 3000] });
    receiver.script(
      '/robot/send',
      { status: 500, body: 'upstream broke' },
      { status: 200, body: '{"errcode":310000,"errmsg":"sign not match"}' },
    );
    const id = await notifier.enqueue(message());
    await notifier.sendDue();
    expect(await delivery(id)).toMatchObject({ state: 'pending', attempts: 1 });
    await notifier.sendDue(); // not due yet
    expect(receiver.at('/robot/send')).toHaveLength(1);

    clock.advance(1000);
    await notifier.sendDue();
    expect(await delivery(id)).toMatchObject({
      state: 'pending',
      attempts: 2,
      last_error: '310000: sign not match',
    });
    clock.advance(2000);
    await notifier.sendDue();
    expect(await delivery(id)).toMatchObject({ state: 'sent', attempts: 3, last_error: '' });
    expect((await attempts(id)).map((a) => [a.attempt, a.http_status, a.code])).toEqual([
      [1, 500, 'http_500'],
      [2, 200, '310000'],
      [3, 200, 'ok'],
    ]);
  });

  it('gives up after its tries, and never records the address or its token', async () => {
    const clock = manualClock();
    const notifier = createNotifier({ db, box, clock, log }, { retryDelaysMs: [10, 10] });
    const port = await closedPort();
    const target = `http://127.0.0.1:${port}/hook?access_token=tok-123`;
    const id = await notifier.enqueue(message({ target }));
    for (let i = 0; i < 4; i++) {
      await notifier.sendDue();
      clock.advance(10);
    }
    const row = await delivery(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, target_host: `127.0.0.1:${port}` });
    expect(row.last_error).toMatch(/^unreachable: ECONNREFUSED/);
    const stored = JSON.stringify([row, await attempts(id)]);
    expect(stored).not.toContain('tok-123');
    expect(stored).not.toContain('access_token');
  });

  it('loses nothing across a restart mid-retry, and waits out the lease of a sender that died', async () => {
    const clock = manualClock();
    const first = createNotifier({ db, box, clock, log }, { retryDelaysMs: [5000] });
    receiver.script('/robot/send', { status: 502, body: '' });
    const id = await first.enqueue(message());
    await first.sendDue();
    await first.stop();

    const second = createNotifier({ db, box, clock, log }, { retryDelaysMs: [5000] });
    clock.advance(5000);
    // A third console claimed it and died before sending: its lease must run out first.
    expect(
      await createLeases(db, 'notification_delivery', 'dead').claim(id, clock.now(), 60_000),
    ).toBe(true);
    await second.sendDue();
    expect(receiver.at('/robot/send')).toHaveLength(1);
    clock.advance(60_000);
    await second.sendDue();
    expect(await delivery(id)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(receiver.at('/robot/send')).toHaveLength(2);
  });

  it('sends each message once when two consoles share the database', async () => {
    const clock = manualClock();
    const a = createNotifier({ db, box, clock, log });
    const b = createNotifier({ db, box, clock, log });
    for (let i = 0; i < 12; i++) await a.enqueue(message({ subject: `m${i}`, body: `body ${i}` }));
    await Promise.all([a.sendDue(), b.sendDue(), a.sendDue(), b.sendDue()]);
    const bodies = receiver
      .at('/robot/send')
      .map((r) => (r.json as { markdown: { text: string } }).markdown.text);
    expect(bodies.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `body ${i}`).sort());
  });

  it('sends on its own once started, retrying when a try falls due', async () => {
    const notifier = createNotifier(
      { db, box, clock: systemClock, log },
      { retryDelaysMs: [100], pollMs: 60_000 },
    );
    notifier.start();
    receiver.script('/robot/send', { status: 503, body: '' });
    const id = await notifier.enqueue(message());
    await expect.poll(async () => (await delivery(id)).state, { timeout: 5000 }).toBe('sent');
    await notifier.stop();
    expect(receiver.at('/robot/send')).toHaveLength(2);
  });
});
