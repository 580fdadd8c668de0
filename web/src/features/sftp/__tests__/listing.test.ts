import { describe, expect, it } from 'vitest';
import type { SftpEntry } from '@ferry/contract/client';
import {
  INITIAL_LISTING,
  listingReducer,
  parseListFrame,
  type ListFrame,
  type ListingState,
} from '../utils/listing';
import {
  destination,
  directoryReducer,
  INITIAL_DIRECTORY,
  type DirectoryState,
  type Navigation,
} from '../utils/directoryState';

const entry = (name: string, isDir = false): SftpEntry => ({
  name,
  size: 1,
  mode: isDir ? 'drwxr-xr-x' : '-rw-r--r--',
  modTime: '2026-01-01 00:00:00',
  isDir,
  isLink: false,
  linkTarget: '',
  owner: 'root',
  group: 'root',
  mtime: 1,
});

const frame = (over: Partial<ListFrame>): ListFrame => ({
  code: 0,
  message: '',
  reason: '',
  data: [],
  op: 'list',
  id: 1,
  path: '/srv',
  done: false,
  ...over,
});

const run = (state: ListingState, ...frames: ListFrame[]) =>
  frames.reduce((s, f) => listingReducer(s, { type: 'frame', frame: f }), state);

const requested = (id: number, path: string, from = INITIAL_LISTING, keep = false) =>
  listingReducer(from, { type: 'request', id, path, keep });

describe('the listing', () => {
  it('shows rows as frames arrive, and is ready with the last one', () => {
    let s = requested(1, '');
    expect(s.status).toBe('loading');
    s = run(s, frame({ path: '/root', data: [entry('a'), entry('b')] }));
    expect(s).toMatchObject({ status: 'loading', path: '/root', answered: true });
    expect(s.entries.map((e) => e.name)).toEqual(['a', 'b']);
    s = run(s, frame({ path: '/root', data: [entry('c')], done: true, total: 3 }));
    expect(s).toMatchObject({ status: 'ready', total: 3 });
    expect(s.entries.map((e) => e.name)).toEqual(['a', 'b', 'c']);
  });

  it('ignores the frames of an older request', () => {
    let s = requested(1, '/srv');
    s = run(s, frame({ id: 1, data: [entry('old')] }));
    s = requested(2, '/etc', s);
    expect(s.entries).toEqual([]);
    s = run(
      s,
      frame({ id: 1, data: [entry('late')], done: true }),
      frame({ id: 2, path: '/etc', data: [entry('hosts')], done: true }),
    );
    expect(s.entries.map((e) => e.name)).toEqual(['hosts']);
    expect(s).toMatchObject({ status: 'ready', path: '/etc' });
  });

  it('keeps the rows of a refresh on screen until its first frame replaces them', () => {
    let s = run(requested(1, '/srv'), frame({ data: [entry('a')], done: true }));
    s = requested(2, '/srv', s, true);
    expect(s).toMatchObject({ status: 'loading', path: '/srv', answered: false });
    expect(s.entries.map((e) => e.name)).toEqual(['a']);
    s = run(s, frame({ id: 2, data: [entry('b')], done: true }));
    expect(s.entries.map((e) => e.name)).toEqual(['b']);
  });

  it('reports a refused or failed directory with its message', () => {
    const refused = run(
      requested(1, '/root/secret'),
      frame({
        code: 2,
        message: 'permission denied',
        reason: 'file_permission_denied',
        path: '/root/secret',
        done: true,
      }),
    );
    expect(refused).toMatchObject({
      status: 'error',
      entries: [],
      error: {
        code: 2,
        message: 'permission denied',
        reason: 'file_permission_denied',
        path: '/root/secret',
      },
    });
    // Frames after the failure change nothing.
    expect(run(refused, frame({ data: [entry('x')] }))).toBe(refused);
  });

  it('counts the rows when the last frame names no total', () => {
    const s = run(requested(1, '/'), frame({ path: '/', data: [entry('a')], done: true }));
    expect(s.total).toBe(1);
  });
});

describe('parseListFrame', () => {
  it('reads list answers and nothing else', () => {
    const raw = JSON.stringify(frame({ id: 4, data: [entry('a')], done: true, total: 1 }));
    expect(parseListFrame(raw)).toMatchObject({ id: 4, done: true, total: 1 });
    expect(parseListFrame('{"code":0,"data":[]}')).toBeUndefined();
    expect(parseListFrame('not json')).toBeUndefined();
    expect(parseListFrame(new ArrayBuffer(2))).toBeUndefined();
  });
});

describe('the directory a tab shows', () => {
  const request = (s: DirectoryState, id: number, path: string, navigation: Navigation) =>
    directoryReducer(s, { type: 'request', id, path, navigation });
  const answer = (s: DirectoryState, id: number, path: string, names: string[]) =>
    directoryReducer(s, {
      type: 'frame',
      frame: frame({ id, path, data: names.map((n) => entry(n)), done: true }),
    });

  it('opens home first and remembers its real path', () => {
    let s = request(INITIAL_DIRECTORY, 1, '', 'visit');
    expect(s.history.entries).toEqual(['']);
    s = answer(s, 1, '/root', ['a']);
    expect(s.history).toEqual({ entries: ['/root'], index: 0 });
    expect(s.listing).toMatchObject({ status: 'ready', path: '/root' });
  });

  it('goes back and forward through what it showed', () => {
    let s = answer(request(INITIAL_DIRECTORY, 1, '', 'visit'), 1, '/root', []);
    s = answer(request(s, 2, '/srv', 'visit'), 2, '/srv', ['app']);
    expect(destination(s.history, 'back')).toBe('/root');
    s = request(s, 3, '/root', 'back');
    expect(s.history.index).toBe(0);
    expect(s.listing).toMatchObject({ status: 'loading', entries: [] });
    s = answer(s, 3, '/root', ['x']);
    expect(destination(s.history, 'forward')).toBe('/srv');
    expect(destination(s.history, 'refresh')).toBe('/root');
  });

  it('leaves the history alone on a late frame of a request given up', () => {
    let s = request(INITIAL_DIRECTORY, 1, '/a', 'visit');
    s = request(s, 2, '/b', 'visit');
    const late = answer(s, 1, '/a', ['x']);
    expect(late).toBe(s);
  });
});
