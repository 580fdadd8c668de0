import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { AccessEvents } from './access-events.js';
import type { Clock } from './clock.js';
import type { SecretBox } from './crypto.js';

/** What every feature module may be given: the parts below the features. */
export interface SharedDeps {
  config: Config;
  db: Db;
  box: SecretBox;
  clock: Clock;
  /** Where features say that access changed (users, memberships, roles, sessions, servers). */
  events: AccessEvents;
  /** The console's logger, for work outside a request (queues, timers). */
  log: FastifyBaseLogger;
  /** This console's id among the consoles on one database: the owner of its leases. */
  consoleId: string;
}

/** A feature's routes, registered by `buildApp` in module order. */
export type FeaturePlugin = (app: FastifyInstance) => void | Promise<void>;

/**
 * What a feature module returns: its HTTP routes, its socket routes (registered in the one
 * WebSocket scope) and its published interface.
 */
export interface FeatureModule<Api = undefined> {
  plugin?: FeaturePlugin;
  socketPlugin?: FeaturePlugin;
  api: Api;
}
