import type { SftpEntry } from '@ferry/contract/client';

/** One answer of `/ws/sftp` to a `{op:"list"}` request (contract sftp-frames.ts). */
export interface ListFrame {
  code: number;
  message: string;
  /** Why a failed listing failed (`file_permission_denied`, `file_missing`…); '' on success. */
  reason: string;
  data: SftpEntry[];
  op: 'list';
  id: number;
  /** The normalised path listed (the home directory's absolute path for `""`). */
  path: string;
  done: boolean;
  total?: number;
}

/** Why a directory could not be listed: the console refused the path, or the server failed. */
export interface ListingError {
  code: number;
  message: string;
  reason: string;
  path: string;
}

/**
 * A tab's directory listing. Rows arrive in several frames; only the frames of the latest request
 * count, so a slow answer for a directory left meanwhile never lands in the one shown.
 */
export interface ListingState {
  /** The id of the latest request; 0 before the first. */
  requestId: number;
  /** The path asked for (`''` for home). */
  requested: string;
  /** The path the console answered with; undefined until the first frame of the request. */
  path: string | undefined;
  status: 'idle' | 'loading' | 'ready' | 'error';
  entries: readonly SftpEntry[];
  /** Whether a frame of the latest request came (until then `entries` are the previous ones). */
  answered: boolean;
  error?: ListingError;
  /** How many entries the directory has, once all arrived. */
  total?: number;
}

export const INITIAL_LISTING: ListingState = {
  requestId: 0,
  requested: '',
  path: undefined,
  status: 'idle',
  entries: [],
  answered: false,
};

export type ListingAction =
  /** A list request was sent. `keep` (a refresh) leaves the rows in place until the answer. */
  | { type: 'request'; id: number; path: string; keep: boolean }
  | { type: 'frame'; frame: ListFrame };

export function listingReducer(state: ListingState, action: ListingAction): ListingState {
  if (action.type === 'request') {
    return {
      requestId: action.id,
      requested: action.path,
      path: action.keep ? state.path : undefined,
      status: 'loading',
      entries: action.keep ? state.entries : [],
      answered: false,
    };
  }
  const f = action.frame;
  // An answer to a request given up since.
  if (f.id !== state.requestId || state.status === 'ready' || state.status === 'error') {
    return state;
  }
  if (f.code !== 0) {
    return {
      ...state,
      path: f.path || state.requested,
      status: 'error',
      entries: [],
      answered: true,
      error: {
        code: f.code,
        message: f.message,
        reason: f.reason,
        path: f.path || state.requested,
      },
    };
  }
  const entries = state.answered ? [...state.entries, ...f.data] : f.data;
  return {
    ...state,
    path: f.path,
    entries,
    answered: true,
    status: f.done ? 'ready' : 'loading',
    total: f.done ? (f.total ?? entries.length) : undefined,
  };
}

/** A text frame of `/ws/sftp` read as a list answer; undefined for anything else. */
export function parseListFrame(raw: unknown): ListFrame | undefined {
  if (typeof raw !== 'string') return undefined;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const f = v as Record<string, unknown>;
  if (f.op !== 'list' || typeof f.id !== 'number' || typeof f.code !== 'number') return undefined;
  return {
    code: f.code,
    message: typeof f.message === 'string' ? f.message : '',
    reason: typeof f.reason === 'string' ? f.reason : '',
    data: Array.isArray(f.data) ? (f.data as SftpEntry[]) : [],
    op: 'list',
    id: f.id,
    path: typeof f.path === 'string' ? f.path : '',
    done: f.done === true,
    total: typeof f.total === 'number' ? f.total : undefined,
  };
}
