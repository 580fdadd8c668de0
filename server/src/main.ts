import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isValidPassword, PASSWORD_RULE } from '@ferry/contract';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { systemClock } from './core/clock.js';
import { createSecretBox, loadSecretKey } from './core/crypto.js';
import { announcePassword } from './core/initial-admin-password.js';
import { secureDataDir, secureSharedDir } from './core/data-dir.js';
import { loggerOptions } from './core/http/logger-options.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { seed } from './db/seed.js';
import { DataDirTakenError, lockDataDir } from './infra/cluster/data-dir-lock.js';
import { loadConsoleKey } from './infra/ssh/console-key.js';
import { shareConsoleKey } from './infra/ssh/shared-console-key.js';

/** Read config → open db → migrate → seed → build app → listen; SIGTERM drains and closes. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.adminPassword && !isValidPassword(config.adminPassword)) {
    throw new ConfigError(
      `Invalid configuration:\n- FERRY_ADMIN_PASSWORD must be ${PASSWORD_RULE}`,
    );
  }
  secureDataDir(config.dataDir);
  if (config.sharedDir !== config.dataDir) secureSharedDir(config.sharedDir);
  // One console per data dir: its SQLite file, working copies and console id are its own.
  const unlock = lockDataDir(config.dataDir, systemClock.now());
  process.on('exit', unlock);
  const box = createSecretBox(loadSecretKey(config.dataDir, config.secretKey));
  // Made here on first start, so `/server/getPublicKey` has a key to show from the first request.
  const ownKey = loadConsoleKey(config.dataDir);
  const db = openDatabase(config);
  await migrateToLatest(db);
  const seeded = await seed(db, { adminPassword: config.adminPassword, now: systemClock.now() });
  // Several consoles may share a PostgreSQL database: they log in to servers with one key.
  const consoleKey = config.dbUrl
    ? await shareConsoleKey({
        db,
        box,
        dataDir: config.dataDir,
        own: ownKey,
        now: systemClock.now(),
        warn: (message) => console.warn(message),
      })
    : ownKey;
  if (seeded.generatedPassword) announcePassword(config.dataDir, seeded.generatedPassword);

  const { fastify, system } = await buildApp({
    config,
    db,
    box,
    clock: systemClock,
    consoleKey,
    webRoot: findWebRoot(),
    logger: loggerOptions(config.logLevel),
  });
  await fastify.listen({ port: config.port, host: config.host });
  // Before the address is announced: whoever starts the console may stop it as soon as it reads
  // the address, and that stop must drain, not kill.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    fastify.log.info({ signal }, 'stopping: finishing in-flight requests and running jobs');
    // Draining first: `/readyz` answers 503, so the balancer sends nothing new here; queued work
    // stays queued for the other consoles (decision 0044).
    void system
      .drain()
      .catch((err: unknown) => fastify.log.error({ err }, 'marking the console draining failed'))
      .then(() => fastify.close())
      .then(() => db.destroy())
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  const address = fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  console.log(`\nFerry is running at http://${shown}:${port}/`);
  console.log(
    seeded.generatedPassword
      ? 'Sign in as admin with the password above (also in <data dir>/initial-admin-password).'
      : 'Sign in as admin.',
  );
}

/** The built web app, beside the server in a release or in the repository's web/dist. */
function findWebRoot(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../web/dist'), path.resolve(here, '../web')];
  return candidates.find((c) => fs.existsSync(path.join(c, 'index.html')));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirTakenError) {
    console.error(err.message);
  } else {
    console.error('Ferry failed to start:', err);
  }
  process.exit(1);
});
