import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { MAX_FILE_NAME_BYTES } from '@ferry/contract';

/**
 * Where a file being written arrives before it is moved into place: a hidden file beside
 * `target`, named after it (`.report.pdf.ferry-upload`), so the same target always has the same
 * partial and an upload can resume after a cut connection or a console restart. A name too long
 * for that (over 255 bytes) is replaced by its hash.
 */
export function partialPathOf(target: string, purpose: 'upload' | 'transfer'): string {
  const name = posix.basename(target);
  const suffix = `.ferry-${purpose}`;
  let partial = `.${name}${suffix}`;
  if (Buffer.byteLength(partial) > MAX_FILE_NAME_BYTES) {
    partial = `.${createHash('sha256').update(name).digest('hex').slice(0, 40)}${suffix}`;
  }
  return posix.join(posix.dirname(target), partial);
}
