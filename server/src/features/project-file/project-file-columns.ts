import { MAX_PROJECT_FILE_BYTES } from '@ferry/contract';
import type { SecretBox } from '../../core/crypto.js';

/** A file's bytes as its text: at most the size limit, and UTF-8; else the rule it breaks. */
export function projectFileText(bytes: Buffer): { text: string } | { problem: string } {
  if (bytes.length > MAX_PROJECT_FILE_BYTES) {
    return { problem: `must be at most ${MAX_PROJECT_FILE_BYTES / 1024 / 1024} MiB` };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { problem: 'must be UTF-8 text' };
  }
}

/** A project file's content as stored: sealed, with its size in clear bytes. */
export const projectFileColumns = (content: string, box: SecretBox) => ({
  content: box.seal(content),
  size: Buffer.byteLength(content, 'utf8'),
});
