import fs from 'node:fs';
import path from 'node:path';
import ssh2, { type ParsedKey } from 'ssh2';
import type { ConsoleKey } from './ssh-auth.js';

/** The console's own key pair: the private half logs in, the public half goes to servers. */
export interface ConsoleKeyPair extends ConsoleKey {
  /** One OpenSSH line: `ssh-ed25519 AAAA… ferry-console`. */
  publicKey: string;
}

const COMMENT = 'ferry-console';

/**
 * The console key pair in `<dataDir>/ssh/id_ed25519` and `id_ed25519.pub`, made on the first call
 * and read on every later one. SECURITY: the directory is 0700 and the keys 0600, as OpenSSH
 * expects of a key it would use itself.
 */
export function loadConsoleKey(dataDir: string): ConsoleKeyPair {
  const dir = path.join(dataDir, 'ssh');
  const privateFile = path.join(dir, 'id_ed25519');
  const publicFile = `${privateFile}.pub`;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(privateFile)) create(privateFile, publicFile);
  const privateKey = fs.readFileSync(privateFile, 'utf8');
  if (!fs.existsSync(publicFile)) {
    // Someone removed the public half: it is derived from the private key, so write it again.
    fs.writeFileSync(publicFile, `${publicLineOf(privateKey, privateFile)}\n`, { mode: 0o600 });
  }
  return { privateKey, publicKey: fs.readFileSync(publicFile, 'utf8').trim() };
}

/**
 * A new ed25519 pair that ssh2 reads back. ssh2 drops the leading zero bytes of the public key
 * it generates, so about one pair in 256 (those whose public key starts with a zero byte) comes
 * out malformed and could never log in: such a pair is made again.
 */
export function generateConsoleKeyPair(): { private: string; public: string } {
  for (;;) {
    const pair = ssh2.utils.generateKeyPairSync('ed25519', { comment: COMMENT });
    const own = ssh2.utils.parseKey(pair.private);
    const shown = ssh2.utils.parseKey(pair.public);
    if (own instanceof Error || shown instanceof Error) continue;
    const [key] = ([] as ParsedKey[]).concat(own);
    const [pub] = ([] as ParsedKey[]).concat(shown);
    if (key && pub && key.getPublicSSH().equals(pub.getPublicSSH())) return pair;
  }
}

function create(privateFile: string, publicFile: string): void {
  const pair = generateConsoleKeyPair();
  try {
    // 'wx': two processes starting at once must not overwrite each other's key.
    fs.writeFileSync(privateFile, pair.private, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw e;
  }
  fs.writeFileSync(publicFile, `${pair.public.trim()}\n`, { mode: 0o600 });
}

function publicLineOf(privateKey: string, file: string): string {
  const parsed: ParsedKey | ParsedKey[] | Error = ssh2.utils.parseKey(privateKey);
  const key = parsed instanceof Error ? undefined : ([] as ParsedKey[]).concat(parsed)[0];
  if (!key) throw new Error(`${file} is not a usable private key`);
  const blob = key.getPublicSSH().toString('base64');
  return `${key.type} ${blob} ${COMMENT}`;
}

/**
 * The console key as a file for programs that read keys from disk (OpenSSH under git). It is the
 * file `loadConsoleKey` reads; a key given to the app directly is written there first.
 */
export function consoleKeyFile(dataDir: string, pair: ConsoleKeyPair): string {
  const file = path.join(dataDir, 'ssh', 'id_ed25519');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, pair.privateKey, { mode: 0o600, flag: 'wx' });
  }
  return file;
}
