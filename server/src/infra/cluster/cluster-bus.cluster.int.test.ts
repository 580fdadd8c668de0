import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { openNamedPgDatabase } from '../../../test/test-db.js';
import { createPostgresBus, type ClusterBus } from './cluster-bus.js';

const log = { error: () => undefined, warn: () => undefined };
let db: Db;
let url: string;
const buses: ClusterBus[] = [];

async function busOf(consoleId: string): Promise<ClusterBus> {
  const bus = createPostgresBus({ url, db, clock: systemClock, consoleId, log });
  buses.push(bus);
  return bus;
}

/** Both consoles are up, as their heartbeats say. */
async function heartbeat(...ids: string[]) {
  const now = Date.now();
  for (const id of ids) {
    await db
      .insertInto('console_node')
      .values({ id, host: 'h', pid: 1, version: '0', started: now, last_seen: now })
      .execute();
  }
}

beforeAll(async () => {
  ({ url, db } = await openNamedPgDatabase('bus'));
});
afterAll(async () => {
  for (const bus of buses) await bus.stop();
  await db?.destroy();
});

/** Counts the notifications on the bus's channel, as one more listener sees them. */
async function countNotifications() {
  const client = new pg.Client({ connectionString: url });
  let count = 0;
  client.on('notification', () => count++);
  await client.connect();
  await client.query('listen ferry_cluster');
  return { count: () => count, end: () => client.end() };
}

describe('the cluster bus on PostgreSQL', () => {
  it('delivers to the other consoles in the order sent, large bodies too, never back', async () => {
    await heartbeat('a', 'b', 'c');
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map(busOf));
    const got: Record<string, unknown[]> = { a: [], b: [], c: [] };
    for (const [id, bus] of [
      ['a', a],
      ['b', b],
      ['c', c],
    ] as const) {
      bus!.on('frames', (body) => got[id]!.push(body));
    }
    await Promise.all([a, b, c].map((bus) => bus!.start()));
    expect(a!.othersUp()).toBe(true);
    const notifications = await countNotifications();

    const sent = Array.from({ length: 120 }, (_, i) =>
      i % 10 === 3 ? { i, big: 'x'.repeat(20_000) } : { i },
    );
    for (const body of sent) a!.send('frames', body);
    await expect.poll(() => got.c!.length, { timeout: 10_000 }).toBe(120);
    await expect.poll(() => got.b!.length, { timeout: 10_000 }).toBe(120);
    expect(got.b).toEqual(sent);
    expect(got.c).toEqual(sent);
    expect(got.a).toEqual([]);
    // The large ones went through stored rows.
    const stored = await db.selectFrom('cluster_message').select('id').execute();
    expect(stored).toHaveLength(12);
    // Messages that waited together went in shared notifications, not one round trip each.
    expect(notifications.count()).toBeGreaterThan(0);
    expect(notifications.count()).toBeLessThan(60);
    await notifications.end();
  });

  it('reads a single message as a console of an earlier version sends it', async () => {
    const heard: unknown[] = [];
    buses[1]!.on('old', (body) => heard.push(body));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('select pg_notify($1, $2)', [
      'ferry_cluster',
      JSON.stringify({ f: 'older', t: 'old', b: { line: 1 } }),
    ]);
    await client.end();
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual([{ line: 1 }]);
  });

  it('sends nothing while no other console is known, and learns of one by its messages', async () => {
    await db.deleteFrom('console_node').execute();
    const d = await busOf('d');
    const heard: unknown[] = [];
    buses[0]!.on('late', (body) => heard.push(body));
    await d.start(); // no heartbeat of another console: d knows of none
    expect(d.othersUp()).toBe(false);
    d.send('late', { dropped: true });
    // a heard d's hello; d learns of a from a's next message.
    await expect
      .poll(
        () => {
          buses[0]!.send('anything', {});
          return d.othersUp();
        },
        { timeout: 5_000 },
      )
      .toBe(true);
    d.send('late', { from: 'd' });
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual([{ from: 'd' }]);
  });
});
