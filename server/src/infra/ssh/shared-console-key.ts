import fs from 'node:fs';
import path from 'node:path';
import type { SecretBox } from '../../core/crypto.js';
import type { Db } from '../../db/database.js';
import type { ConsoleKeyPair } from './console-key.js';

const NAME = 'ssh';

/**
 * On a database several consoles share, every console logs in to servers with one key pair: the
 * first console's, kept in `console_key` sealed with the secret key they share (decision 0044).
 * A console whose own key (`<dataDir>/ssh/id_ed25519`) is another one takes the shared pair into
 * its data dir, keeping its old files beside it (`id_ed25519.replaced-<time>`), and says so.
 */
export async function shareConsoleKey(deps: {
  db: Db;
  box: SecretBox;
  dataDir: string;
  own: ConsoleKeyPair;
  now: number;
  warn: (message: string) => void;
}): Promise<ConsoleKeyPair> {
  const { db, box, own } = deps;
  await db
    .insertInto('console_key')
    .values({
      name: NAME,
      sealed_private_key: box.seal(own.privateKey),
      public_key: own.publicKey,
      insert_time: deps.now,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('console_key')
    .select(['sealed_private_key', 'public_key'])
    .where('name', '=', NAME)
    .executeTakeFirstOrThrow();
  if (row.public_key === own.publicKey) return own;
  const shared = { privateKey: box.open(row.sealed_private_key), publicKey: row.public_key };
  const file = path.join(deps.dataDir, 'ssh', 'id_ed25519');
  for (const f of [file, `${file}.pub`]) {
    if (fs.existsSync(f)) fs.renameSync(f, `${f}.replaced-${deps.now}`);
  }
  fs.writeFileSync(file, shared.privateKey, { mode: 0o600, flag: 'wx' });
  fs.writeFileSync(`${file}.pub`, `${shared.publicKey}\n`, { mode: 0o600, flag: 'wx' });
  deps.warn(
    'This console now logs in with the SSH key the consoles on this database share; its own ' +
      `key is kept as ${file}.replaced-${deps.now}. Servers that trusted only that key need ` +
      'the shared one (Servers › console public key).',
  );
  return shared;
}
