import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/test-db.js';
import { manualClock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { createJobQueue, type Job, type JobHandler, type JobQueue } from './job-queue.js';
import { NODE_DOWN_MS } from '../cluster/console-nodes.js';
import { AFFINITY_WAIT_MS, createJobRepository } from './job.repository.js';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(err: unknown): void;
}

function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** One call of run(): the test decides when and how it ends. */
interface Run {
  job: Job;
  signal: AbortSignal;
  finish(): void;
  fail(err: unknown): void;
}

/** A handler whose runs end only when the test says so; it records what the queue did. */
class Worker implements JobHandler {
  readonly order: number[] = [];
  readonly abandoned: Array<[number, string]> = [];
  maxParallel = 0;
  readonly maxPerGroup = new Map<string, number>();
  private parallel = 0;
  private readonly perGroup = new Map<string, number>();
  private readonly runs = new Map<number, Deferred<Run>>();

  private runOf(id: number): Deferred<Run> {
    let d = this.runs.get(id);
    if (!d) this.runs.set(id, (d = deferred<Run>()));
    return d;
  }

  /** Resolves when the job's run has been called. */
  started(id: number): Promise<Run> {
    return this.runOf(id).promise;
  }

  async run(job: Job, signal: AbortSignal): Promise<void> {
    this.order.push(job.id);
    this.count(job.groupKey, +1);
    const end = deferred();
    this.runOf(job.id).resolve({
      job,
      signal,
      finish: () => end.resolve(),
      fail: (err) => end.reject(err),
    });
    try {
      await end.promise;
    } finally {
      this.count(job.groupKey, -1);
    }
  }

  async abandon(job: Job, why: 'cancelled' | 'interrupted'): Promise<void> {
    this.abandoned.push([job.id, why]);
  }

  private count(group: string, delta: number) {
    this.parallel += delta;
    this.maxParallel = Math.max(this.maxParallel, this.parallel);
    const n = (this.perGroup.get(group) ?? 0) + delta;
    this.perGroup.set(group, n);
    this.maxPerGroup.set(group, Math.max(this.maxPerGroup.get(group) ?? 0, n));
  }
}

let testDb: TestDb;
let db: Db;
let queues: JobQueue[];
let errors: Array<{ obj: object; msg: string }>;
const clock = manualClock();
const log = { error: (obj: object, msg: string) => errors.push({ obj, msg }) };

const LEASE_MS = 15_000;

/** A queue of console `owner` (two queues of one owner: one console before and after a restart). */
function newQueue(
  handlers: Record<string, JobHandler>,
  concurrency = 4,
  owner = 'console-a',
): JobQueue {
  const q = createJobQueue({
    db,
    clock,
    handlers,
    concurrency,
    log,
    owner,
    leaseMs: LEASE_MS,
    tickMs: 20,
  });
  queues.push(q);
  return q;
}

const find = async (id: number) => (await createJobRepository(db).find(id))!;
const job = (groupKey: string, kind = 'work') => ({ kind, groupKey, namespaceId: 1, payload: {} });

beforeEach(async () => {
  testDb = await openTestDb();
  db = testDb.db;
  queues = [];
  errors = [];
});

afterEach(async () => {
  for (const q of queues) await q.stop(0);
  await testDb.release();
});

describe('JobQueue', () => {
  it('stores the job with its payload and times, and runs it once started', async () => {
    const w = new Worker();
    const q = newQueue({ work: w });
    const { id, ahead } = await q.enqueue({
      ...job('project:1'),
      token: 'tok-1',
      payload: { projectId: 1, branch: 'main' },
    });
    expect(ahead).toBe(0);
    expect(await find(id)).toMatchObject({ status: 'queued', token: 'tok-1', startTime: null });

    clock.advance(1000);
    await q.start();
    const run = await w.started(id);
    expect(run.job).toMatchObject({
      id,
      status: 'running',
      payload: { projectId: 1, branch: 'main' },
    });
    expect(q.running('project:1')?.id).toBe(id);
    clock.advance(5000);
    run.finish();
    await q.idle();

    const done = await find(id);
    expect(done).toMatchObject({ status: 'succeeded', error: '', namespaceId: 1, kind: 'work' });
    expect(done.endTime! - done.startTime!).toBe(5000);
    expect(done.startTime! - done.insertTime).toBe(1000);
    expect(q.running('project:1')).toBeUndefined();
  });

  it('runs the jobs of one group one at a time, in id order', async () => {
    const w = new Worker();
    const q = newQueue({ work: w });
    await q.start();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await q.enqueue(job('project:1'))).id);
    for (const id of ids) (await w.started(id)).finish();
    await q.idle();

    expect(w.order).toEqual(ids);
    expect(w.maxPerGroup.get('project:1')).toBe(1);
    for (const id of ids) expect((await find(id)).status).toBe('succeeded');
  });

  it('runs another group in parallel while a group waits for its running job', async () => {
    const w = new Worker();
    const q = newQueue({ work: w }, 2);
    const a1 = (await q.enqueue(job('A'))).id;
    const a2 = (await q.enqueue(job('A'))).id;
    const b1 = (await q.enqueue(job('B'))).id;
    await q.start();

    const runA1 = await w.started(a1);
    const runB1 = await w.started(b1); // not stuck behind a2, although a2 is older
    expect((await find(a2)).status).toBe('queued');
    expect(q.running('A')?.id).toBe(a1);
    expect(q.running('B')?.id).toBe(b1);

    runA1.finish();
    (await w.started(a2)).finish();
    runB1.finish();
    await q.idle();
    expect(w.order).toEqual([a1, b1, a2]);
    expect(w.maxPerGroup.get('A')).toBe(1);
    expect(w.maxParallel).toBe(2);
  });

  it('runs at most `concurrency` jobs over all groups', async () => {
    const w = new Worker();
    const q = newQueue({ work: w }, 2);
    const a = (await q.enqueue(job('A'))).id;
    const b = (await q.enqueue(job('B'))).id;
    const c = (await q.enqueue(job('C'))).id;
    await q.start();

    const runA = await w.started(a);
    const runB = await w.started(b);
    expect((await find(c)).status).toBe('queued');
    expect(await q.ahead(c)).toBe(0); // waits for a slot, not for its group

    runA.finish();
    const runC = await w.started(c);
    runB.finish();
    runC.finish();
    await q.idle();
    expect(w.order).toEqual([a, b, c]);
    expect(w.maxParallel).toBe(2);
  });

  it('tells how many jobs of the same group are ahead', async () => {
    const w = new Worker();
    const q = newQueue({ work: w });
    await q.start();
    const first = await q.enqueue(job('A'));
    const second = await q.enqueue(job('A'));
    const third = await q.enqueue(job('A'));
    const other = await q.enqueue(job('B'));
    expect([first.ahead, second.ahead, third.ahead, other.ahead]).toEqual([0, 1, 2, 0]);

    const runFirst = await w.started(first.id);
    expect(await q.ahead(first.id)).toBeUndefined(); // running, not queued
    expect(await q.ahead(third.id)).toBe(2);
    expect(await q.cancel(second.id)).toBe('cancelled');
    expect(await q.ahead(third.id)).toBe(1);

    runFirst.finish();
    (await w.started(third.id)).finish();
    (await w.started(other.id)).finish();
    await q.idle();
    expect(await q.ahead(third.id)).toBeUndefined();
    expect(await q.ahead(9999)).toBeUndefined();
  });

  it('cancels a queued job at once: it never runs and its owner is told', async () => {
    const w = new Worker();
    const q = newQueue({ work: w });
    await q.start();
    const first = (await q.enqueue(job('A'))).id;
    const second = (await q.enqueue(job('A'))).id;
    const third = (await q.enqueue(job('A'))).id;

    expect(await q.cancel(second, 'ada')).toBe('cancelled');
    expect(await find(second)).toMatchObject({ status: 'cancelled', error: 'cancelled by ada' });
    expect(w.abandoned).toEqual([[second, 'cancelled']]);

    (await w.started(first)).finish();
    (await w.started(third)).finish();
    await q.idle();
    expect(w.order).toEqual([first, third]);
    expect((await find(second)).status).toBe('cancelled');
    expect(await q.cancel(second)).toBe('finished');
    expect(await q.cancel(first)).toBe('finished');
  });

  it('logs an abandon hook that throws and carries on', async () => {
    const w = new Worker();
    const broken: JobHandler = {
      run: (j, s) => w.run(j, s),
      abandon: () => Promise.reject(new Error('project row is gone')),
    };
    const q = newQueue({ work: broken });
    await q.start();
    const first = (await q.enqueue(job('A'))).id;
    const second = (await q.enqueue(job('A'))).id;

    expect(await q.cancel(second)).toBe('cancelled');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toBe('job abandon hook failed');
    (await w.started(first)).finish();
    await q.idle();
    expect((await find(first)).status).toBe('succeeded');
  });

  it('cancels a running job through its signal, then starts the next of its group', async () => {
    const w = new Worker();
    const q = newQueue({ work: w });
    await q.start();
    const first = (await q.enqueue(job('A'))).id;
    const second = (await q.enqueue(job('A'))).id;
    const run = await w.started(first);

    expect(await q.cancel(first, 'ada')).toBe('cancelling');
    expect(run.signal.aborted).toBe(true);
    expect((run.signal.reason as Error).message).toBe('cancelled by ada');
    expect((await find(first)).status).toBe('running'); // until run settles
    expect(await q.cancel(first, 'bob')).toBe('cancelling');

    run.fail(new Error('rsync killed'));
    (await w.started(second)).finish();
    await q.idle();
    expect(await find(first)).toMatchObject({ status: 'cancelled', error: 'cancelled by ada' });
    expect((await find(second)).status).toBe('succeeded');
    expect(w.abandoned).toEqual([]); // it ran and ended: nothing to fix
  });

  it('records a failing handler with its message and starts the next job', async () => {
    const w = new Worker();
    const throwsAtOnce: JobHandler = {
      run: () => {
        throw new Error(`build failed: ${'x'.repeat(3000)}`);
      },
      abandon: async () => {},
    };
    const q = newQueue({ work: w, broken: throwsAtOnce });
    await q.start();
    const rejects = (await q.enqueue(job('A'))).id;
    const throws = (await q.enqueue(job('A', 'broken'))).id;
    const after = (await q.enqueue(job('A'))).id;

    (await w.started(rejects)).fail(new Error('exit status 2'));
    (await w.started(after)).finish();
    await q.idle();

    expect(await find(rejects)).toMatchObject({ status: 'failed', error: 'exit status 2' });
    const thrown = await find(throws);
    expect(thrown.status).toBe('failed');
    expect(thrown.error).toHaveLength(2048);
    expect(thrown.error.startsWith('build failed: xxx')).toBe(true);
    expect(thrown.endTime).not.toBeNull();
    expect((await find(after)).status).toBe('succeeded');
    expect(errors).toEqual([]);
  });

  it('fails a job of an unknown kind and goes on', async () => {
    const w = new Worker();
    const q = newQueue({ work: w });
    await q.start();
    const unknown = (await q.enqueue(job('A', 'teleport'))).id;
    const next = (await q.enqueue(job('A'))).id;
    (await w.started(next)).finish();
    await q.idle();
    expect(await find(unknown)).toMatchObject({
      status: 'failed',
      error: 'no handler for kind teleport',
    });
    expect((await find(next)).status).toBe('succeeded');
  });

  it('after its restart, a console fails its jobs left running and runs the queued ones', async () => {
    const before = new Worker();
    const dead = newQueue({ work: before });
    await dead.start();
    const stuck = (await dead.enqueue(job('A'))).id;
    const staleRun = await before.started(stuck);
    const waiting = (await dead.enqueue(job('A'))).id;

    // The process died (its lease still holds): a new one starts on the same database.
    await dead.stop(0);
    await db
      .updateTable('job')
      .set({ status: 'running', error: '' })
      .where('id', '=', stuck)
      .execute();
    const after = new Worker();
    const restarted = newQueue({ work: after });
    await restarted.start();
    expect(await find(stuck)).toMatchObject({ status: 'failed', error: 'interrupted by restart' });
    expect(after.abandoned).toEqual([[stuck, 'interrupted']]);
    (await after.started(waiting)).finish();
    await restarted.idle();
    expect((await find(waiting)).status).toBe('succeeded');
    expect(after.order).toEqual([waiting]);

    // The old run ending late changes nothing.
    staleRun.finish();
    await dead.idle();
    expect(await find(stuck)).toMatchObject({ status: 'failed', error: 'interrupted by restart' });
  });

  it('waits for running jobs on stop', async () => {
    const w = new Worker();
    const q = newQueue({ work: w });
    await q.start();
    const id = (await q.enqueue(job('A'))).id;
    const run = await w.started(id);
    const stopped = q.stop(60_000);
    run.finish();
    await stopped;
    expect((await find(id)).status).toBe('succeeded');
    expect(run.signal.aborted).toBe(false);
  });

  it('on stop, fails a job that ignores its signal past the grace and keeps the queue', async () => {
    const w = new Worker();
    const q = newQueue({ work: w });
    await q.start();
    const stubborn = (await q.enqueue(job('A'))).id;
    const run = await w.started(stubborn);
    const queued = (await q.enqueue(job('A'))).id;

    await q.stop(20);
    expect(run.signal.aborted).toBe(true);
    expect(await find(stubborn)).toMatchObject({
      status: 'failed',
      error: 'interrupted by shutdown',
    });
    expect(w.abandoned).toEqual([[stubborn, 'interrupted']]);
    expect((await find(queued)).status).toBe('queued');

    run.finish(); // ends at last: neither its record nor the queue changes
    await q.idle();
    expect((await find(stubborn)).status).toBe('failed');
    expect((await find(queued)).status).toBe('queued');
    expect(w.order).toEqual([stubborn]);

    // The next start picks the queued job up.
    const next = newQueue({ work: w });
    await next.start();
    (await w.started(queued)).finish();
    await next.idle();
    expect((await find(queued)).status).toBe('succeeded');
  });
});

/** Waits (on real time: the queues' timers) until `check` holds. */
async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('JobQueue, several consoles on one database', () => {
  it('never runs two jobs of one group at once, whichever console claims them', async () => {
    const w = new Worker();
    const a = newQueue({ work: w }, 4, 'console-a');
    const b = newQueue({ work: w }, 4, 'console-b');
    await Promise.all([a.start(), b.start()]);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await a.enqueue(job('A'))).id, (await b.enqueue(job('A'))).id);
    }
    for (const id of ids) (await w.started(id)).finish();
    await until(async () => (await find(ids.at(-1)!)).status === 'succeeded', 'the last job');
    expect(w.order).toEqual(ids);
    expect(w.maxPerGroup.get('A')).toBe(1);
  });

  it('holds the cap over every console', async () => {
    const w = new Worker();
    const a = newQueue({ work: w }, 2, 'console-a');
    const b = newQueue({ work: w }, 2, 'console-b');
    await Promise.all([a.start(), b.start()]);
    const ids: number[] = [];
    for (const group of ['A', 'B', 'C', 'D']) {
      ids.push((await (group < 'C' ? a : b).enqueue(job(group))).id);
    }
    await w.started(ids[0]!);
    await w.started(ids[1]!);
    // Both consoles look at the queue many times meanwhile: neither starts a third.
    await new Promise((r) => setTimeout(r, 150));
    expect(w.order).toHaveLength(2);
    for (const id of ids) (await w.started(id)).finish();
    await until(async () => (await find(ids[3]!)).status === 'succeeded', 'the last job');
    expect(w.maxParallel).toBe(2);
  });

  it('leaves alone the jobs of a console that is alive when another starts', async () => {
    const w = new Worker();
    const a = newQueue({ work: w }, 4, 'console-a');
    await a.start();
    const id = (await a.enqueue(job('A'))).id;
    const run = await w.started(id);
    const other = new Worker();
    const b = newQueue({ work: other }, 4, 'console-b');
    await b.start();
    clock.advance(LEASE_MS / 2);
    await new Promise((r) => setTimeout(r, 100)); // both renew and look for orphans
    clock.advance(LEASE_MS / 2 + 1000); // past the first lease: renewed by A meanwhile
    await new Promise((r) => setTimeout(r, 100));
    expect(await find(id)).toMatchObject({ status: 'running' });
    expect(other.abandoned).toEqual([]);
    run.finish();
    await until(async () => (await find(id)).status === 'succeeded', 'the end of the job');
    expect(run.signal.aborted).toBe(false);
  });

  it("ends a dead console's job once its lease expires, and runs the next of its group", async () => {
    const dead = new Worker();
    const a = newQueue({ work: dead }, 4, 'console-a');
    await a.start();
    const stuck = (await a.enqueue(job('A'))).id;
    const staleRun = await dead.started(stuck);
    // Killed: its job stays running, under a lease no one renews.
    await a.stop(0);
    await db
      .updateTable('job')
      .set({ status: 'running', error: '' })
      .where('id', '=', stuck)
      .execute();
    const next = (await a.enqueue(job('A'))).id;

    const w = new Worker();
    const b = newQueue({ work: w }, 4, 'console-b');
    await b.start();
    await new Promise((r) => setTimeout(r, 60));
    expect((await find(stuck)).status).toBe('running'); // its lease still holds
    clock.advance(LEASE_MS + 1);
    await until(async () => (await find(stuck)).status === 'failed', 'the orphan ended');
    expect(await find(stuck)).toMatchObject({ error: 'the console running it stopped' });
    // The job is marked failed first, then its kind is told (a busy machine shows the gap).
    await until(() => w.abandoned.length > 0, 'the abandon hook');
    expect(w.abandoned).toEqual([[stuck, 'interrupted']]);
    (await w.started(next)).finish();
    await until(async () => (await find(next)).status === 'succeeded', 'the next job');
    staleRun.finish();
  });

  it('passes a cancel asked on another console to the one running the job', async () => {
    const w = new Worker();
    const a = newQueue({ work: w }, 4, 'console-a');
    const b = newQueue({ work: new Worker() }, 4, 'console-b');
    await a.start();
    const id = (await a.enqueue(job('A'))).id;
    const run = await w.started(id);
    await b.start();
    expect(await b.cancel(id, 'bob')).toBe('cancelling');
    await until(() => run.signal.aborted, 'the abort');
    run.finish();
    await until(async () => (await find(id)).status === 'cancelled', 'the cancel');
    expect(await find(id)).toMatchObject({ error: 'cancelled by bob' });
    expect(await b.cancel(id)).toBe('finished');
  });

  it('stops a run whose lease another console took over, and records nothing of it', async () => {
    const w = new Worker();
    const a = newQueue({ work: w }, 4, 'console-a');
    await a.start();
    const id = (await a.enqueue(job('A'))).id;
    const run = await w.started(id);
    // Another console ended it (A stalled past its lease).
    await db
      .updateTable('job')
      .set({ status: 'failed', error: 'the console running it stopped' })
      .where('id', '=', id)
      .execute();
    await until(() => run.signal.aborted, 'the abort');
    run.finish();
    await a.idle();
    expect(await find(id)).toMatchObject({
      status: 'failed',
      error: 'the console running it stopped',
    });
  });
});

describe('claims among several consoles', () => {
  const repo = () => createJobRepository(db);
  const lease = (owner: string) => ({
    owner,
    now: clock.now(),
    until: clock.now() + LEASE_MS,
  });
  const queued = (groupKey: string) =>
    repo().insert({ ...job(groupKey), token: '', insertTime: clock.now() });
  /** A job of `groupKey` claimed by `owner` and ended: that console ran the group last. */
  async function ranOn(groupKey: string, owner: string) {
    const id = await queued(groupKey);
    const [claimed] = await repo().claimNext(4, lease(owner));
    expect(claimed?.id).toBe(id);
    await repo().transition(id, 'running', { status: 'succeeded', endTime: clock.now() }, owner);
  }

  it('takes first the groups a console ran last, then the oldest, and never starves a job', async () => {
    await ranOn('project:a', 'x');
    await ranOn('project:b', 'y');
    const c = await queued('project:c'); // never ran anywhere: the oldest
    const b = await queued('project:b');
    const a = await queued('project:a');

    // One slot at a time: x takes its own project first, y its own, then the oldest is left.
    expect((await repo().claimNext(1, lease('x'))).map((j) => j.id)).toEqual([a]);
    expect((await repo().claimNext(2, lease('y'))).map((j) => j.id)).toEqual([b]);
    expect((await repo().claimNext(3, lease('x'))).map((j) => j.id)).toEqual([c]);

    // A job that waited past AFFINITY_WAIT_MS goes before another console's preference.
    for (const id of [a, b, c]) {
      await repo().transition(id, 'running', { status: 'succeeded', endTime: clock.now() });
    }
    const old = await queued('project:c');
    clock.advance(AFFINITY_WAIT_MS + 1);
    const mine = await queued('project:a');
    expect((await repo().claimNext(1, lease('x'))).map((j) => j.id)).toEqual([old]);
    expect((await repo().claimNext(2, lease('x'))).map((j) => j.id)).toEqual([mine]);
  });

  it('runs on each console at most its share of the cap, the consoles up sharing it', async () => {
    const node = (id: string, draining = 0) => ({
      id,
      host: 'h',
      pid: 1,
      version: '0',
      started: clock.now(),
      last_seen: clock.now(),
      draining,
    });
    await db
      .insertInto('console_node')
      .values([node('x'), node('y'), node('z', 1)])
      .execute();
    const ids: number[] = [];
    for (const g of ['p1', 'p2', 'p3', 'p4', 'p5']) ids.push(await queued(g));
    // Two consoles up (z drains): a share of 2 of the cap of 4 each.
    expect(await repo().claimNext(4, lease('x'))).toHaveLength(2);
    expect(await repo().claimNext(4, lease('x'))).toHaveLength(0);
    expect(await repo().claimNext(4, lease('y'))).toHaveLength(2);
    // y is down: x may take the rest of the cap.
    await db
      .updateTable('console_node')
      .set({ last_seen: clock.now() - NODE_DOWN_MS - 1 })
      .where('id', '=', 'y')
      .execute();
    expect(await repo().claimNext(4, lease('x'))).toHaveLength(0); // the cap of 4 runs
    await repo().transition(ids[0]!, 'running', { status: 'succeeded', endTime: clock.now() });
    expect((await repo().claimNext(4, lease('x'))).map((j) => j.id)).toEqual([ids[4]]);
  });
});
