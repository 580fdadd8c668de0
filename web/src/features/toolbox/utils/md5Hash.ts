import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** How much of a file is read at a time: memory stays flat whatever the file's size. */
export const MD5_CHUNK_BYTES = 2 * 1024 * 1024;

/** The MD5 of a text's UTF-8 bytes, in lowercase hex. */
export function md5OfText(text: string): string {
  // TextEncoder turns lone surrogates into U+FFFD instead of throwing as encodeURIComponent would.
  return bytesToHex(md5(new TextEncoder().encode(text)));
}

export interface Md5FileOptions {
  /** Called after each chunk with the bytes read so far. */
  onProgress?: (bytesRead: number) => void;
  signal?: AbortSignal;
  chunkBytes?: number;
}

/**
 * The MD5 of a file (or any blob) in lowercase hex, read chunk by chunk with `slice` so a large
 * file never sits in memory whole. Rejects with the signal's reason when cancelled.
 */
export async function md5OfBlob(blob: Blob, options: Md5FileOptions = {}): Promise<string> {
  const { onProgress, signal, chunkBytes = MD5_CHUNK_BYTES } = options;
  const hash = md5.create();
  for (let offset = 0; offset < blob.size; offset += chunkBytes) {
    signal?.throwIfAborted();
    const chunk = await blob.slice(offset, offset + chunkBytes).arrayBuffer();
    signal?.throwIfAborted();
    hash.update(new Uint8Array(chunk));
    onProgress?.(Math.min(offset + chunkBytes, blob.size));
  }
  signal?.throwIfAborted();
  return bytesToHex(hash.digest());
}
