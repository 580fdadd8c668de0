import pg from 'pg';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { NODE_DOWN_MS } from './console-nodes.js';

/**
 * Messages between the consoles sharing one database (decision 0044): hub frames and changes of
 * access. Delivered to every other console, never back to the sender, in the order one console
 * sent them; a console that is not listening at that moment misses them (they describe live
 * state, which the database keeps).
 */
export interface ClusterBus {
  /** Sends `body` (JSON) on `topic` to the other consoles (nothing while none is up). */
  send(topic: string, body: unknown): void;
  /** Whether another console is up to receive: a sender may skip preparing a message. */
  othersUp(): boolean;
  /** Calls `handler` for each message on `topic` from another console. */
  on(topic: string, handler: (body: unknown) => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** One console on SQLite: there is nobody to tell. */
export function createLocalBus(): ClusterBus {
  return {
    send() {},
    othersUp: () => false,
    on() {},
    start: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
}

const CHANNEL = 'ferry_cluster';
/** A notification's payload must stay under 8000 bytes. */
const MAX_INLINE = 7_000;
/** Messages waiting to be sent beyond this are dropped (live frames a stalled link cannot carry). */
const MAX_PENDING = 10_000;
const KEEP_STORED_MS = 60_000;
const RECONNECT_MS = 1_000;
const OTHERS_EVERY_MS = 5_000;

/** One message: its topic, and its body or the id of the `cluster_message` row holding it. */
interface Message {
  t: string;
  b?: unknown;
  r?: number;
}

/**
 * A notification: from the sender's console id, one message, or several (`m`) sent in one
 * notification when they were waiting together (a deploy's log lines, a burst of frames).
 */
type Envelope = { f: string } & (Message | { m: Message[] });

type Log = {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

/**
 * The bus over PostgreSQL's LISTEN/NOTIFY: one connection listens, one sends (one sender keeps
 * this console's messages in order). A body over the notification limit goes through a
 * `cluster_message` row. Nothing is sent while no other console is up.
 */
export function createPostgresBus(deps: {
  url: string;
  db: Db;
  clock: Clock;
  consoleId: string;
  log: Log;
}): ClusterBus {
  const { db, clock, consoleId, log } = deps;
  const handlers = new Map<string, Array<(body: unknown) => void>>();
  let listener: pg.Client | undefined;
  let sender: pg.Client | undefined;
  let stopped = false;
  let othersUp = false;
  let othersTimer: ReturnType<typeof setInterval> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  /** Messages waiting to be sent, in order; one loop at a time drains them. */
  const queue: Array<{ topic: string; body: unknown }> = [];
  let sending: Promise<void> | undefined;
  let dropped = 0;
  /** Received messages are handled one after the other, stored bodies read in turn. */
  let receiving: Promise<void> = Promise.resolve();

  const deliver = (topic: string, body: unknown) => {
    for (const handler of handlers.get(topic) ?? []) {
      try {
        handler(body);
      } catch (err) {
        log.error({ err, topic }, 'a cluster message handler failed');
      }
    }
  };

  const receiveOne = async (m: Message) => {
    if (!handlers.has(m.t)) return;
    if (m.r === undefined) return deliver(m.t, m.b);
    const row = await db
      .selectFrom('cluster_message')
      .select('body')
      .where('id', '=', m.r)
      .executeTakeFirst();
    if (row) deliver(m.t, JSON.parse(row.body));
  };

  const receive = async (payload: string) => {
    const env = JSON.parse(payload) as Envelope;
    if (env.f === consoleId) return;
    othersUp = true; // a console that just started says hello before its heartbeat is seen
    for (const m of 'm' in env ? env.m : [env]) await receiveOne(m);
  };

  const listen = async () => {
    const client = new pg.Client({ connectionString: deps.url });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      const payload = msg.payload;
      receiving = receiving
        .then(() => receive(payload))
        .catch((err: unknown) => log.error({ err }, 'reading a cluster message failed'));
    });
    client.on('error', (err) => {
      log.warn({ err }, 'the cluster listener lost its connection: reconnecting');
      void client.end().catch(() => undefined);
      if (listener === client) listener = undefined;
      scheduleReconnect();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    listener = client;
  };

  const scheduleReconnect = () => {
    if (stopped || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      listen().catch((err: unknown) => {
        log.warn({ err }, 'the cluster listener could not connect: trying again');
        scheduleReconnect();
      });
    }, RECONNECT_MS);
    reconnectTimer.unref();
  };

  const senderClient = async () => {
    if (sender) return sender;
    const client = new pg.Client({ connectionString: deps.url });
    client.on('error', (err) => {
      log.warn({ err }, 'the cluster sender lost its connection');
      if (sender === client) sender = undefined;
    });
    await client.connect();
    sender = client;
    return client;
  };

  /** One message as JSON, its body stored in a row when it alone would pass the limit. */
  const messageOf = async (client: pg.Client, topic: string, body: unknown) => {
    const inline = JSON.stringify({ t: topic, b: body } satisfies Message);
    if (Buffer.byteLength(inline) <= MAX_INLINE - 100) return inline;
    const { rows } = await client.query<{ id: number }>(
      'insert into cluster_message (body, insert_time) values ($1, $2) returning id',
      [JSON.stringify(body), clock.now()],
    );
    return JSON.stringify({ t: topic, r: rows[0]!.id } satisfies Message);
  };

  /**
   * Sends what waits, as few notifications as the limit allows: each takes the messages in order
   * while they fit. One message goes alone, as `{f, t, b}`; several as `{f, m: [...]}`.
   */
  const drain = async () => {
    const client = await senderClient();
    const head = `{"f":${JSON.stringify(consoleId)},`;
    /** A message taken from the queue that did not fit the last notification: the next's first. */
    let carried: string | undefined;
    while (carried !== undefined || queue.length > 0) {
      const parts: string[] = [];
      let bytes = head.length + 8;
      while (carried !== undefined || queue.length > 0) {
        let part = carried;
        if (part === undefined) {
          const next = queue.shift()!;
          part = await messageOf(client, next.topic, next.body);
        }
        carried = undefined;
        const size = Buffer.byteLength(part) + 1;
        if (parts.length > 0 && bytes + size > MAX_INLINE) {
          carried = part;
          break;
        }
        parts.push(part);
        bytes += size;
      }
      const payload =
        parts.length === 1 ? head + parts[0]!.slice(1) : `${head}"m":[${parts.join(',')}]}`;
      await client.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    }
  };

  const flush = () => {
    sending ??= drain()
      .catch((err: unknown) => {
        log.error({ err, lost: queue.length }, 'sending cluster messages failed');
        queue.length = 0;
      })
      .finally(() => {
        sending = undefined;
        if (queue.length > 0) flush();
      });
  };

  /** Whether any other console is up, read every few seconds; stored bodies past use go. */
  const lookAround = async () => {
    const now = clock.now();
    const others = await db
      .selectFrom('console_node')
      .select('id')
      .where('id', '<>', consoleId)
      .where('last_seen', '>', now - NODE_DOWN_MS)
      .limit(1)
      .execute();
    othersUp = others.length > 0;
    await db
      .deleteFrom('cluster_message')
      .where('insert_time', '<', now - KEEP_STORED_MS)
      .execute();
    if (dropped > 0) {
      log.warn({ dropped }, 'cluster messages dropped: the link to the database fell behind');
      dropped = 0;
    }
  };

  return {
    send(topic, body) {
      if (!othersUp || stopped) return;
      if (queue.length >= MAX_PENDING) {
        dropped++;
        return;
      }
      queue.push({ topic, body });
      flush();
    },
    othersUp: () => othersUp && !stopped,
    on(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    async start() {
      await listen();
      await lookAround();
      // Tells the consoles already up that this one listens, before they see its heartbeat.
      queue.push({ topic: 'hello', body: null });
      flush();
      await sending;
      othersTimer = setInterval(() => {
        lookAround().catch((err: unknown) =>
          log.error({ err }, 'looking for other consoles failed'),
        );
      }, OTHERS_EVERY_MS);
      othersTimer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(othersTimer);
      clearTimeout(reconnectTimer);
      while (sending) await sending;
      await receiving;
      for (const client of [listener, sender]) await client?.end().catch(() => undefined);
      listener = sender = undefined;
    },
  };
}
