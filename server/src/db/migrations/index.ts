import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-identity.js';

/** Every migration, listed statically so the bundle carries them. Append only. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-identity': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};
