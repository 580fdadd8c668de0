import { Code } from '@ferry/contract/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/ApiError';
import { session } from '../../../auth/session';
import { fakeFetch, queryOf } from '../../../test/fakeFetch';
import { UploadOffsetError, type UploadTarget } from '../utils/uploadEngine';
import { createUploadTransport, describeUploadError, sendChunk } from '../utils/uploadTransport';

/** A stand-in for XMLHttpRequest that records the request and lets the test answer it. */
function fakeXhrClass() {
  const made: FakeXhr[] = [];
  class FakeXhr {
    method = '';
    url = '';
    headers: Record<string, string> = {};
    body: unknown;
    timeout = 0;
    status = 0;
    responseText = '';
    aborted = false;
    upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    constructor() {
      made.push(this);
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      this.body = body;
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    answer(envelope: object, status = 200) {
      this.status = status;
      this.responseText = JSON.stringify(envelope);
      this.onload?.();
    }
  }
  return { Xhr: FakeXhr as unknown as new () => XMLHttpRequest, made };
}

const TARGET: UploadTarget = { serverId: 3, file: '/srv/my app/a b.bin', size: 10, mtime: 1700 };

beforeEach(() => {
  session.setIdentity({ id: 7, name: 'team', roleId: 2 });
});

describe('sendChunk', () => {
  it('PUTs the raw bytes with the upload named in the query', async () => {
    const { Xhr, made } = fakeXhrClass();
    const body = new Blob([new Uint8Array(4)]);
    const progress: number[] = [];
    const sent = sendChunk(
      Xhr,
      TARGET,
      4,
      body,
      (n) => progress.push(n),
      new AbortController().signal,
    );
    const xhr = made[0] as unknown as {
      method: string;
      url: string;
      headers: Record<string, string>;
      body: unknown;
      upload: { onprogress: (e: { loaded: number }) => void };
      answer: (e: object) => void;
    };
    expect(xhr.method).toBe('PUT');
    const url = new URL(xhr.url, 'http://ferry.test');
    expect(url.pathname).toBe('/server/uploadChunk');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      serverId: '3',
      file: '/srv/my app/a b.bin',
      size: '10',
      offset: '4',
      mtime: '1700',
    });
    expect(xhr.headers).toMatchObject({
      'Content-Type': 'application/octet-stream',
      'G-N-ID': '7',
    });
    expect(xhr.body).toBe(body);
    xhr.upload.onprogress({ loaded: 2 });
    xhr.upload.onprogress({ loaded: 4 });
    expect(progress).toEqual([2, 4]);
    xhr.answer({ code: 0, message: '', data: { offset: 8, done: false } });
    await expect(sent).resolves.toEqual({ offset: 8, done: false });
  });

  it('reads upload_offset as the offset to go on from', async () => {
    const { Xhr, made } = fakeXhrClass();
    const sent = sendChunk(
      Xhr,
      TARGET,
      0,
      new Blob([]),
      () => undefined,
      new AbortController().signal,
    );
    (made[0] as unknown as { answer: (e: object) => void }).answer({
      code: Code.error,
      message: 'the server holds 6 bytes',
      reason: 'upload_offset',
      data: { offset: 6 },
    });
    const error = await sent.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadOffsetError);
    expect((error as UploadOffsetError).offset).toBe(6);
  });

  it('rejects with the envelope of any other refusal', async () => {
    const { Xhr, made } = fakeXhrClass();
    const sent = sendChunk(
      Xhr,
      TARGET,
      0,
      new Blob([]),
      () => undefined,
      new AbortController().signal,
    );
    (made[0] as unknown as { answer: (e: object) => void }).answer({
      code: Code.deny,
      message: 'no permission',
      data: null,
    });
    await expect(sent).rejects.toMatchObject({ kind: 'envelope', code: Code.deny });
  });

  it('aborts the request when the signal aborts', async () => {
    const { Xhr, made } = fakeXhrClass();
    const controller = new AbortController();
    const sent = sendChunk(Xhr, TARGET, 0, new Blob([]), () => undefined, controller.signal);
    controller.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    expect((made[0] as unknown as { aborted: boolean }).aborted).toBe(true);
  });

  it('reports a cut connection as a network failure', async () => {
    const { Xhr, made } = fakeXhrClass();
    const sent = sendChunk(
      Xhr,
      TARGET,
      0,
      new Blob([]),
      () => undefined,
      new AbortController().signal,
    );
    (made[0] as unknown as { onerror: () => void }).onerror();
    await expect(sent).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('the upload transport', () => {
  it('asks uploadStatus for the offset and uploadCancel to drop a partial file', async () => {
    const api = fakeFetch({
      '/server/uploadStatus': [{ code: 0, data: { offset: 8 } }],
      '/server/uploadCancel': [{ code: 0, data: null }],
    });
    const transport = createUploadTransport(fakeXhrClass().Xhr);
    await expect(transport.status(TARGET, new AbortController().signal)).resolves.toBe(8);
    expect(queryOf(api.callsTo('/server/uploadStatus')[0])).toEqual({
      serverId: '3',
      file: '/srv/my app/a b.bin',
      size: '10',
    });
    await transport.cancel(TARGET);
    const [cancel] = api.callsTo('/server/uploadCancel');
    expect(cancel?.method).toBe('DELETE');
    expect(cancel?.body).toEqual({ serverId: 3, file: '/srv/my app/a b.bin' });
  });
});

describe('describeUploadError', () => {
  it('tries again after a cut connection, a timeout or trouble reaching the server', () => {
    expect(describeUploadError(new ApiError('network', -1, 'cut'))).toEqual({
      retryable: true,
      message: 'The connection was cut off',
    });
    expect(describeUploadError(new UploadOffsetError(4)).message).toBe(
      "The server did not take the file's next part",
    );
    expect(describeUploadError(new ApiError('timeout', -1, 'timeout')).retryable).toBe(true);
    expect(
      describeUploadError(new ApiError('envelope', Code.error, 'x', 'ssh_timeout')).retryable,
    ).toBe(true);
    expect(describeUploadError(new ApiError('envelope', Code.error, 'x')).retryable).toBe(true);
  });

  it('does not try again after a refusal', () => {
    expect(describeUploadError(new ApiError('envelope', Code.deny, 'no')).retryable).toBe(false);
    expect(
      describeUploadError(new ApiError('envelope', Code.error, 'x', 'not_found')).retryable,
    ).toBe(false);
  });
});
