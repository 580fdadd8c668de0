import { Readable } from 'node:stream';
import type { SFTPWrapper } from 'ssh2';
import { channelClosed, channelOpen, sftpCalls } from './sftp-calls.js';

export interface RemoteReadOptions {
  /** Where reading starts. Default 0. */
  start?: number;
  /**
   * Exactly this many bytes are read: a file that ends sooner fails the stream (what was promised,
   * say as Content-Length, cannot be delivered); bytes beyond are not read. Without it, reading
   * goes to the end of the file.
   */
  length?: number;
  /** Bytes per SFTP read request. Default 64 KiB. */
  blockSize?: number;
  /** Read requests awaiting the server's answer at most. Default 64. */
  maxInFlight?: number;
}

/** One read request: the range asked for, and its answer once it came. */
interface Request {
  position: number;
  length: number;
  answer?: { err: Error | undefined; data: Buffer };
}

/**
 * A remote file as a Readable, with several SFTP read requests in flight (ssh2's own read stream
 * asks for one block at a time). Answers may come in any order; bytes are delivered in file
 * order. At most `maxInFlight` blocks are asked for or held at once, and held blocks are pushed
 * only while the consumer wants more (the stream holds up to four), so memory stays bounded by
 * the window whatever the consumer's pace. A short answer (the server may return fewer bytes than asked) is completed by
 * asking again for the rest. Destroying the stream closes the handle; late answers are ignored.
 */
export class RemoteFileReader extends Readable {
  /** Bytes delivered to the consumer so far. */
  bytesRead = 0;
  private handle: Buffer | undefined;
  private readonly queue: Request[] = [];
  private next: number;
  private readonly end: number;
  private wanted = false;
  private ended = false;
  private readonly blockSize: number;
  private readonly maxInFlight: number;
  private readonly calls;

  constructor(
    private readonly sftp: SFTPWrapper,
    readonly path: string,
    private readonly opts: RemoteReadOptions = {},
  ) {
    const blockSize = opts.blockSize ?? 64 * 1024;
    // A few blocks handed over per read of the consumer, not one at a time.
    super({ highWaterMark: 4 * blockSize });
    this.blockSize = blockSize;
    this.maxInFlight = opts.maxInFlight ?? 64;
    this.next = opts.start ?? 0;
    this.end = opts.length === undefined ? Infinity : this.next + opts.length;
    this.calls = sftpCalls(sftp);
  }

  override _construct(callback: (err?: Error | null) => void): void {
    this.calls.open(this.path, 'r').then(
      (handle) => {
        this.handle = handle;
        callback();
      },
      (err: Error) => callback(err),
    );
  }

  override _read(): void {
    this.wanted = true;
    this.pump();
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void): void {
    this.queue.length = 0;
    const handle = this.handle;
    this.handle = undefined;
    if (!handle) return callback(err);
    this.calls.close(handle).then(
      () => callback(err),
      () => callback(err),
    );
  }

  /** Delivers answered blocks in order while wanted, then fills the window with new requests. */
  private pump(): void {
    while (this.wanted && this.queue[0]?.answer && !this.destroyed) {
      const head = this.queue.shift()!;
      const { err, data } = head.answer!;
      if (err) return void this.destroy(err);
      if (data.length === 0) return this.endOfFile(head.position);
      if (data.length < head.length) {
        this.queue.unshift(this.request(head.position + data.length, head.length - data.length));
      }
      this.bytesRead += data.length;
      this.wanted = this.push(data);
    }
    if (this.ended || this.destroyed) return;
    if (this.queue.length === 0 && this.next >= this.end) {
      this.ended = true;
      this.push(null);
      return;
    }
    while (this.queue.length < this.maxInFlight && this.next < this.end) {
      const length = Math.min(this.blockSize, this.end - this.next);
      this.queue.push(this.request(this.next, length));
      this.next += length;
    }
  }

  /** The server said the file ends at `position`: the end, unless more was promised. */
  private endOfFile(position: number): void {
    this.ended = true;
    this.queue.length = 0;
    if (this.end === Infinity) return void this.push(null);
    this.destroy(
      new Error(`${this.path} changed while it was read: it ends at ${position}, not ${this.end}`),
    );
  }

  private request(position: number, length: number): Request {
    const req: Request = { position, length };
    const answered = (err: Error | undefined, bytes: number, data: Buffer) => {
      if (this.destroyed || this.ended) return;
      req.answer = { err, data: err ? Buffer.alloc(0) : data.subarray(0, bytes) };
      this.pump();
    };
    try {
      const buffer = Buffer.allocUnsafe(length);
      if (!channelOpen(this.sftp)) throw channelClosed();
      this.sftp.read(this.handle!, buffer, 0, length, position, answered);
    } catch (err) {
      process.nextTick(answered, err instanceof Error ? err : new Error(String(err)), 0, null);
    }
    return req;
  }
}
