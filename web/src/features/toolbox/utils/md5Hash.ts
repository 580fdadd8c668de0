import SparkMD5 from 'spark-md5';

/** How much of a file is read at a time: memory stays flat whatever the file's size. */
export const MD5_CHUNK_BYTES = 2 * 1024 * 1024;

/** The MD5 of a text's UTF-8 bytes, in lowercase hex. */
export function md5OfText(text: string): string {
  // TextEncoder turns lone surrogates into U+FFFD instead of throwing as encodeURIComponent would.
  const bytes = new TextEncoder().encode(text);
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const buffer = whole ? bytes.buffer : bytes.slice().buffer;
  return SparkMD5.ArrayBuffer.hash(buffer);
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
  const spark = new SparkMD5.ArrayBuffer();
  try {
    for (let offset = 0; offset < blob.size; offset += chunkBytes) {
      signal?.throwIfAborted();
      const chunk = await blob.slice(offset, offset + chunkBytes).arrayBuffer();
      signal?.throwIfAborted();
      spark.append(chunk);
      onProgress?.(Math.min(offset + chunkBytes, blob.size));
    }
    signal?.throwIfAborted();
    return spark.end();
  } finally {
    spark.destroy();
  }
}
