import { randomUUID } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto.js';
import type { Db } from '../../db/database.js';
import { createLeases } from '../jobs/lease.js';
import { startTicker, type Ticker } from '../jobs/ticker.js';
import { channelRequest, channelVerdict, type ChannelType } from './channels.js';
import { createOutboxRepository, type DeliveryRow } from './outbox.repository.js';

/** A message to deliver: rendered, addressed, and never holding a secret of the console's. */
export interface NotifyMessage {
  namespaceId: number;
  /** 0 when it concerns no project (a monitor, a test message from the template page). */
  projectId: number;
  /** The project's name when sent ('' for none), so the log reads after a rename or removal. */
  projectName: string;
  useBy: string;
  /** One line saying what it is about, for the delivery log ("shop-api deploy failed"). */
  subject: string;
  channel: ChannelType;
  target: string;
  /** The channel's signing secret, plain; '' when none. Sealed in the outbox. */
  secret: string;
  title: string;
  body: string;
  /** Who caused it: a member's name, "webhook", "schedule". */
  creator: string;
}

export interface NotifierOptions {
  /** Waits after failed tries 1, 2, …; tries = waits + 1 (default 5 tries over 10 minutes). */
  retryDelaysMs?: number[];
  /** How long one HTTP call may take. */
  timeoutMs?: number;
  /** How often the outbox is read when nothing woke it sooner. */
  pollMs?: number;
}

export interface Notifier {
  /** Stores the message in the outbox and wakes the sender; resolves to the delivery's id. */
  enqueue(message: NotifyMessage): Promise<number>;
  /** Queues a copy of a message with fresh tries (the delivery log's "send again"). */
  requeue(id: number, creator: string): Promise<number>;
  /** Sends what is due now, once (tests; the running sender does this on its own). */
  sendDue(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export const DEFAULT_RETRY_DELAYS_MS = [60_000, 120_000, 180_000, 240_000];
const LEASE_MS = 60_000;
const BATCH = 20;

/**
 * The one notification service: an outbox in the database, delivered at least once. A console
 * claims each due message by a lease (so of several consoles on one database one sends it, and a
 * message whose sender died is sent again after the lease), checks the HTTP status and the
 * channel's own code, records every attempt, and retries with growing waits until it is sent or
 * its tries are used up.
 */
export function createNotifier(
  deps: { db: Db; box: SecretBox; clock: Clock; log: { error(o: object, m: string): void } },
  options: NotifierOptions = {},
): Notifier {
  const outbox = createOutboxRepository(deps.db);
  const leases = createLeases(deps.db, 'notification_delivery', `notify-${randomUUID()}`);
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let ticker: Ticker | undefined;
  let wake: NodeJS.Timeout | undefined;

  async function attempt(read: DeliveryRow): Promise<void> {
    const now = deps.clock.now();
    if (!(await leases.claim(read.id, now, LEASE_MS))) return;
    // SECURITY: the lease says no other console holds the row now, not that the row is still as
    // read: another may have sent it and let go of it since. Only a row still due at the same
    // try is sent; any other is let go at once, so each message goes out once.
    const row = await outbox.byId(read.id);
    if (
      !row ||
      row.state !== 'pending' ||
      row.attempts !== read.attempts ||
      row.next_attempt_time > now
    ) {
      await leases.release(read.id);
      return;
    }
    const started = Date.now();
    const outcome = await deliver(row, now);
    const tries = row.attempts + 1;
    await outbox.recordAttempt({
      deliveryId: row.id,
      attempt: tries,
      ...outcome,
      durationMs: Date.now() - started,
      time: deps.clock.now(),
    });
    const done = deps.clock.now();
    const ok = outcome.code === 'ok';
    const last = !ok && tries > delays.length;
    await outbox.settle(row.id, leases.owner, {
      state: ok ? 'sent' : last ? 'failed' : 'pending',
      attempts: tries,
      next_attempt_time: ok || last ? row.next_attempt_time : done + delays[tries - 1]!,
      last_error: ok ? '' : `${outcome.code}: ${outcome.message}`.slice(0, 512),
      update_time: done,
      ...(ok ? { sent_time: done } : {}),
    });
  }

  async function deliver(
    row: DeliveryRow,
    now: number,
  ): Promise<{ httpStatus: number; code: string; message: string }> {
    const channel = row.channel as ChannelType;
    try {
      const req = channelRequest(
        {
          channel,
          target: deps.box.open(row.target),
          secret: row.secret ? deps.box.open(row.secret) : '',
          title: row.title,
          body: row.body,
        },
        now,
      );
      const res = await fetch(req.url, {
        method: req.method,
        headers: req.headers,
        ...(req.method === 'POST' ? { body: req.body } : {}),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = (await res.text()).slice(0, 4096);
      const verdict = channelVerdict(channel, res.status, text);
      return verdict.ok
        ? { httpStatus: res.status, code: 'ok', message: '' }
        : { httpStatus: res.status, code: verdict.code, message: verdict.message };
    } catch (err) {
      return { httpStatus: 0, code: 'unreachable', message: reasonOf(err) };
    }
  }

  async function sendDue(): Promise<void> {
    const rows = await outbox.due(deps.clock.now(), BATCH);
    await Promise.all(rows.map((row) => attempt(row)));
    if (rows.length === BATCH) return sendDue();
    scheduleWake(await outbox.nextDue());
  }

  /** Wakes the sender when the next retry falls due, if that is sooner than the next poll. */
  function scheduleWake(at: number | undefined): void {
    if (!ticker || at === undefined) return;
    clearTimeout(wake);
    wake = setTimeout(() => ticker?.kick(), Math.max(0, at - deps.clock.now()) + 5);
    wake.unref();
  }

  return {
    async enqueue(m) {
      const now = deps.clock.now();
      const id = await outbox.insert({
        namespace_id: m.namespaceId,
        project_id: m.projectId,
        use_by: m.useBy,
        subject: m.subject.slice(0, 255),
        channel: m.channel,
        target: deps.box.seal(m.target),
        target_host: hostOf(m.target),
        secret: m.secret ? deps.box.seal(m.secret) : '',
        title: m.title,
        body: m.body,
        state: 'pending',
        attempts: 0,
        next_attempt_time: now,
        creator: m.creator.slice(0, 255),
        project_name: m.projectName.slice(0, 255),
        lease_owner: '',
        lease_until: 0,
        last_error: '',
        insert_time: now,
        update_time: now,
        sent_time: 0,
      });
      ticker?.kick();
      return id;
    },
    async requeue(id, creator) {
      const row = await outbox.byId(id);
      if (!row) throw new Error(`no notification ${id}`);
      const now = deps.clock.now();
      const { id: _old, ...copy } = row;
      const fresh = await outbox.insert({
        ...copy,
        state: 'pending',
        attempts: 0,
        next_attempt_time: now,
        lease_owner: '',
        lease_until: 0,
        last_error: '',
        creator: creator.slice(0, 255),
        insert_time: now,
        update_time: now,
        sent_time: 0,
      });
      ticker?.kick();
      return fresh;
    },
    sendDue,
    start() {
      ticker ??= startTicker(sendDue, {
        everyMs: options.pollMs ?? 5_000,
        log: deps.log,
        what: 'sending notifications',
      });
    },
    async stop() {
      clearTimeout(wake);
      await ticker?.stop();
      ticker = undefined;
    },
  };
}

/** What the delivery log shows of an address: its host, never its path or query (tokens). */
export function hostOf(target: string): string {
  try {
    return new URL(target).host.slice(0, 255);
  } catch {
    return '';
  }
}

function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err.name === 'TimeoutError') return 'no answer in time';
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const said = cause?.code ?? cause?.message ?? err.message;
  // An address may carry the channel's token in its query: only its host is told.
  return said.replace(/https?:\/\/\S+/g, (url) => hostOf(url) || 'the address').slice(0, 300);
}
