import { MAX_PROJECT_FILE_BYTES } from '@ferry/contract';
import type { SecretBox } from '../../core/crypto.js';

/** A project file's content: its text, or bytes that are not UTF-8 text (a keystore, a jar). */
export type ProjectFileBody = { text: string } | { bytes: Buffer };

/** An uploaded file's bytes as a project file's content, or the rule they break (the size). */
export function projectFileBody(bytes: Buffer): ProjectFileBody | { problem: string } {
  if (bytes.length > MAX_PROJECT_FILE_BYTES) {
    return { problem: `must be at most ${MAX_PROJECT_FILE_BYTES / 1024 / 1024} MiB` };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { bytes };
  }
}

/** A project file's content as stored: sealed (bytes as base64), with its size in clear bytes. */
export const projectFileColumns = (body: ProjectFileBody, box: SecretBox) => {
  if ('bytes' in body) {
    return {
      content: box.seal(body.bytes.toString('base64')),
      size: body.bytes.length,
      is_binary: 1,
    };
  }
  return { content: box.seal(body.text), size: Buffer.byteLength(body.text, 'utf8'), is_binary: 0 };
};

/** The content a deploy writes: the text, or the bytes of a binary file. */
export const openedProjectFile = (row: { content: string; is_binary: number }, box: SecretBox) =>
  row.is_binary ? Buffer.from(box.open(row.content), 'base64') : box.open(row.content);
