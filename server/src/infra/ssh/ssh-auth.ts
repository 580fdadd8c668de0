import fs from 'node:fs/promises';
import ssh2, { type ParsedKey, type PasswordAuthMethod, type PublicKeyAuthMethod } from 'ssh2';
import { SshError, unusableKey } from './ssh-errors.js';

/** How the console logs in to a server. */
export type SshAuth =
  | { kind: 'password'; password: string }
  | { kind: 'key'; privateKey: string; passphrase?: string }
  | { kind: 'keyFile'; path: string; passphrase?: string }
  /** The console's own key pair (its public key is what users add to `authorized_keys`). */
  | { kind: 'consoleKey' };

/** The console's own private key, for `{kind: 'consoleKey'}`. */
export interface ConsoleKey {
  privateKey: string;
  passphrase?: string;
}

/** One login: who, and how. */
export interface AuthSubject {
  user: string;
  host: string;
  port: number;
  auth: SshAuth;
}

/**
 * Turns the stored credentials into the one method `ssh2` will try. Keys are read and decrypted
 * here, before any socket opens, so a wrong passphrase or an unreadable file fails fast with
 * `ssh_auth` and a message that says which.
 */
export async function resolveAuthMethod(
  subject: AuthSubject,
  consoleKey: ConsoleKey | undefined,
): Promise<PasswordAuthMethod | PublicKeyAuthMethod> {
  const where = `${subject.user}@${subject.host}:${subject.port}`;
  const username = subject.user;
  const { auth } = subject;
  switch (auth.kind) {
    case 'password':
      return { type: 'password', username, password: auth.password };
    case 'key':
      return {
        type: 'publickey',
        username,
        key: parsePrivateKey(auth.privateKey, auth.passphrase, where),
      };
    case 'keyFile': {
      const text = await fs.readFile(auth.path, 'utf8').catch((e: NodeJS.ErrnoException) => {
        throw unusableKey(
          where,
          `the key file ${auth.path} cannot be read (${e.code ?? e.message})`,
          e,
        );
      });
      return { type: 'publickey', username, key: parsePrivateKey(text, auth.passphrase, where) };
    }
    case 'consoleKey': {
      if (!consoleKey) {
        throw new SshError('ssh_auth', `No console key is configured, so ${where} cannot use it.`);
      }
      const key = parsePrivateKey(consoleKey.privateKey, consoleKey.passphrase, where);
      return { type: 'publickey', username, key };
    }
  }
}

function parsePrivateKey(text: string, passphrase: string | undefined, where: string): ParsedKey {
  const parsed: ParsedKey | ParsedKey[] | Error = ssh2.utils.parseKey(
    text,
    passphrase || undefined,
  );
  if (parsed instanceof Error) throw unusableKey(where, explainParseError(parsed.message), parsed);
  const key = ([] as ParsedKey[]).concat(parsed)[0]; // PuTTY files may hold several
  if (!key) throw unusableKey(where, 'the key text holds no key');
  if (!key.isPrivateKey()) {
    throw unusableKey(where, 'this is a public key; the console needs the private key');
  }
  return key;
}

function explainParseError(message: string): string {
  if (/no passphrase given/i.test(message)) return 'it is encrypted and no passphrase was given';
  if (/bad passphrase|integrity check|decrypt/i.test(message)) return 'the passphrase is wrong';
  return `it is not a private key in a supported format (OpenSSH, PEM or PuTTY): ${message}`;
}
