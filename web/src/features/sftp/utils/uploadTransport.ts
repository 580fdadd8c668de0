import { Code } from '@ferry/contract/client';
import i18next from 'i18next';
import { ApiError } from '../../../api/ApiError';
import { call, reportFailure } from '../../../api/call';
import { envelopeAction } from '../../../api/envelopeAction';
import { errorText } from '../../../api/errorText';
import { session } from '../../../auth/session';
import { sftpRoutes } from '@ferry/contract/client';
import {
  UploadOffsetError,
  UploadStalledError,
  type UploadTarget,
  type UploadTransport,
} from './uploadEngine';

/** The browser's XMLHttpRequest class, or a test's fake of it. */
export type XhrClass = new () => XMLHttpRequest;

/** A chunk that has not arrived after this long is given up (and tried again). */
const CHUNK_TIMEOUT_MS = 10 * 60_000;

function isEnvelope(v: unknown): v is { code: number; message?: unknown; data?: unknown } {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';
}

/** The answer of one chunk: its new offset, `UploadOffsetError` or an `ApiError`. */
function readAnswer(status: number, text: string): { offset: number; done: boolean } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError('network', -1, `HTTP ${status}`);
  }
  if (!isEnvelope(body)) throw new ApiError('network', -1, `HTTP ${status}: not an API answer`);
  const data = body.data as { offset?: unknown; done?: unknown } | null | undefined;
  const reason = (body as { reason?: unknown }).reason;
  if (body.code === Code.ok && typeof data?.offset === 'number') {
    return { offset: data.offset, done: data.done === true };
  }
  if (reason === 'upload_offset' && typeof data?.offset === 'number') {
    throw new UploadOffsetError(data.offset);
  }
  throw new ApiError(
    'envelope',
    body.code,
    typeof body.message === 'string' ? body.message : '',
    typeof reason === 'string' ? reason : undefined,
    body.data,
  );
}

/**
 * `PUT /server/uploadChunk` with the raw bytes as the body, through XMLHttpRequest, the one
 * browser API that reports an upload's progress.
 */
export function sendChunk(
  Xhr: XhrClass,
  target: UploadTarget,
  offset: number,
  body: Blob,
  progress: (sent: number) => void,
  signal: AbortSignal,
): Promise<{ offset: number; done: boolean }> {
  return new Promise((resolve, reject) => {
    const query = new URLSearchParams({
      serverId: String(target.serverId),
      file: target.file,
      size: String(target.size),
      offset: String(offset),
      mtime: String(target.mtime),
    });
    const xhr = new Xhr();
    xhr.open('PUT', `${sftpRoutes.uploadChunk.path}?${query.toString()}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('G-N-ID', String(session.identity().id));
    xhr.setRequestHeader('Router', window.location.pathname);
    xhr.timeout = CHUNK_TIMEOUT_MS;
    xhr.upload.onprogress = (e) => progress(e.loaded);
    const onAbort = () => xhr.abort();
    const finish = () => signal.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      finish();
      try {
        resolve(readAnswer(xhr.status, xhr.responseText));
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    };
    xhr.onerror = () => {
      finish();
      reject(new ApiError('network', -1, 'the upload was cut off'));
    };
    xhr.ontimeout = () => {
      finish();
      reject(new ApiError('timeout', -1, 'timeout'));
    };
    xhr.onabort = () => {
      finish();
      reject(new DOMException('The upload was stopped', 'AbortError'));
    };
    if (signal.aborted) {
      reject(new DOMException('The upload was stopped', 'AbortError'));
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
}

/** The console's side of resumable uploads. */
export function createUploadTransport(Xhr: XhrClass = XMLHttpRequest): UploadTransport {
  return {
    status: async (target, signal) => {
      const data = await call(
        sftpRoutes.uploadStatus,
        { serverId: target.serverId, file: target.file, size: target.size },
        { signal, silent: true },
      );
      return data.offset;
    },
    chunk: (target, offset, body, progress, signal) =>
      sendChunk(Xhr, target, offset, body, progress, signal),
    cancel: async (target) => {
      await call(
        sftpRoutes.uploadCancel,
        { serverId: target.serverId, file: target.file },
        { silent: true },
      );
    },
  };
}

/**
 * Whether an upload failure may pass by itself: a cut connection, a timeout, the server's SSH
 * trouble or an unexplained server error are tried again; a refusal is not. An ended session or
 * namespace is reported at once, as any call's would be.
 */
export function describeUploadError(error: unknown): { retryable: boolean; message: string } {
  const t = i18next.getFixedT(null, 'sftp');
  if (error instanceof UploadOffsetError || error instanceof UploadStalledError) {
    return { retryable: true, message: t('upload.stalled') };
  }
  if (error instanceof ApiError && error.kind === 'network') {
    return { retryable: true, message: t('upload.cutOff') };
  }
  if (error instanceof ApiError && error.kind === 'timeout') {
    return { retryable: true, message: t('upload.timedOut') };
  }
  const message = errorText(error);
  if (!(error instanceof ApiError)) return { retryable: true, message };
  if (envelopeAction(error.code) !== 'toast') {
    reportFailure(error);
    return { retryable: false, message };
  }
  const transient =
    error.code === Code.error &&
    (error.reason === undefined ||
      error.reason === 'rate_limited' ||
      error.reason.startsWith('ssh_'));
  return { retryable: transient, message };
}
