import { Writable } from 'node:stream';
import type { OpenMode, SFTPWrapper } from 'ssh2';
import { channelClosed, channelOpen, sftpCalls } from './sftp-calls.js';

export interface RemoteWriteOptions {
  /** How the file is opened: `w` makes or truncates it (default), `r+` writes into it. */
  flags?: OpenMode;
  /** Where the first byte goes. Default 0. */
  start?: number;
  /** Permission bits of a file the open creates. */
  mode?: number;
  /**
   * Bytes per SFTP write request. Default 64 KiB. Keep it within one request (ssh2 splits a write
   * over 254 KiB and sends the rest only after the first part's answer): a split block lands after
   * later blocks, and a cut connection would then leave a hole instead of a prefix to resume from.
   */
  blockSize?: number;
  /** Write requests awaiting the server's answer at most. Default 64. */
  maxInFlight?: number;
}

/**
 * A remote file as a Writable, with several SFTP write requests in flight (ssh2's own write
 * stream waits for each answer before sending the next, which is slow on any latency). Memory is
 * bounded by the window (`blockSize × maxInFlight`) plus the chunk being cut into blocks and a
 * block's worth of small chunks gathered: a write is acknowledged to the source only once its
 * last whole block is sent, and no block is sent while the window is full, so a fast source waits
 * for the server. The server runs requests in order, so
 * the file always holds a prefix of what was written, also after a cut connection.
 *
 * `finish` comes after every block was acknowledged and the handle closed; the first failed
 * request destroys the stream with the server's error. Destroying it (an abort) closes the handle
 * after the requests already sent; answers that arrive later are ignored.
 */
export class RemoteFileWriter extends Writable {
  /** Bytes the server acknowledged. */
  bytesWritten = 0;
  private handle: Buffer | undefined;
  private position: number;
  private inFlight = 0;
  /** The bytes being cut into blocks, and the callback that takes the next chunk. */
  private current: { chunk: Buffer; sent: number; done: (err?: Error | null) => void } | undefined;
  /** Bytes short of a whole block, kept until more come (or the end). */
  private carry: Buffer[] = [];
  private carryBytes = 0;
  private whenIdle: (() => void) | undefined;
  private readonly blockSize: number;
  private readonly maxInFlight: number;
  private readonly calls;

  constructor(
    private readonly sftp: SFTPWrapper,
    readonly path: string,
    private readonly opts: RemoteWriteOptions = {},
  ) {
    const blockSize = opts.blockSize ?? 64 * 1024;
    super({ highWaterMark: blockSize });
    this.blockSize = blockSize;
    this.maxInFlight = opts.maxInFlight ?? 64;
    this.position = opts.start ?? 0;
    this.calls = sftpCalls(sftp);
  }

  override _construct(callback: (err?: Error | null) => void): void {
    const attrs = this.opts.mode === undefined ? {} : { mode: this.opts.mode };
    this.calls.open(this.path, this.opts.flags ?? 'w', attrs).then(
      (handle) => {
        this.handle = handle;
        callback();
      },
      (err: Error) => callback(err),
    );
  }

  /**
   * Small chunks (a socket may hand over a few KiB at a time) are gathered into whole blocks
   * first: a request per block, not per chunk, keeps the cost per byte small. A chunk of half a
   * block or more goes as it is, never copied (what was gathered goes just before it).
   */
  override _write(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (err?: Error | null) => void,
  ): void {
    if (chunk.length >= this.blockSize / 2) {
      if (this.carryBytes === 0) return this.send(chunk, done, true);
      return this.send(this.takeCarry(), () => this.send(chunk, done, true), true);
    }
    this.carry.push(chunk);
    this.carryBytes += chunk.length;
    if (this.carryBytes < this.blockSize) return done();
    this.send(this.takeCarry(), done);
  }

  override _final(callback: (err?: Error | null) => void): void {
    if (this.carryBytes > 0) {
      this.send(this.takeCarry(), () => this._final(callback), true);
      return;
    }
    const close = () => {
      const handle = this.handle!;
      this.handle = undefined;
      this.calls.close(handle).then(() => callback(), callback);
    };
    if (this.inFlight === 0) close();
    else this.whenIdle = close;
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void): void {
    this.current = undefined;
    this.carry = [];
    this.whenIdle = undefined;
    const handle = this.handle;
    this.handle = undefined;
    if (!handle) return callback(err);
    // Closing waits for the requests sent before it: the file is settled when this calls back.
    this.calls.close(handle).then(
      () => callback(err),
      () => callback(err),
    );
  }

  private takeCarry(): Buffer {
    const bytes = this.carry.length === 1 ? this.carry[0]! : Buffer.concat(this.carry);
    this.carry = [];
    this.carryBytes = 0;
    return bytes;
  }

  /**
   * Sends `bytes` as whole blocks while the window has room; a tail short of a block is carried
   * to the next write, unless `all`. `done` runs once everything sent or carried.
   */
  private send(bytes: Buffer, done: (err?: Error | null) => void, all = false): void {
    const whole = all ? bytes.length : bytes.length - (bytes.length % this.blockSize);
    if (whole < bytes.length) {
      this.carry = [bytes.subarray(whole)];
      this.carryBytes = bytes.length - whole;
    }
    this.current = { chunk: bytes.subarray(0, whole), sent: 0, done };
    this.pump();
  }

  /** Sends blocks of the current bytes while the window has room. */
  private pump(): void {
    const current = this.current;
    if (!current) return;
    while (this.inFlight < this.maxInFlight && current.sent < current.chunk.length) {
      const length = Math.min(this.blockSize, current.chunk.length - current.sent);
      this.request(current.chunk, current.sent, length);
      current.sent += length;
    }
    if (current.sent === current.chunk.length) {
      this.current = undefined;
      current.done();
    }
  }

  private request(chunk: Buffer, offset: number, length: number): void {
    const at = this.position;
    this.position += length;
    this.inFlight++;
    const answered = (err: Error | null | undefined) => {
      this.inFlight--;
      if (this.destroyed) return;
      if (err) return void this.destroy(err);
      this.bytesWritten += length;
      this.pump();
      if (this.inFlight > 0) return;
      const idle = this.whenIdle;
      this.whenIdle = undefined;
      idle?.();
    };
    try {
      if (!channelOpen(this.sftp)) throw channelClosed();
      this.sftp.write(this.handle!, chunk, offset, length, at, answered);
    } catch (err) {
      // ssh2 throws when the channel is already closed.
      process.nextTick(answered, err instanceof Error ? err : new Error(String(err)));
    }
  }
}
