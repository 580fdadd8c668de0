import { ReviewState, type DeployProgressMessage } from '@ferry/contract/client';
import type { CommitInfo, DeployRow, PreviewRow, TraceRow } from '../utils/DeployRow';
import type { ReviewRow } from '../utils/ReviewRow';

const stage = { mode: '', content: '' };

export const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
export const HEAD_SHA = 'f00dfacecafebeef0123456789abcdef01234567';

/** A commit as the repository routes send it. */
export function commitInfo(extra: Partial<CommitInfo> = {}): CommitInfo {
  return {
    branch: 'origin/main',
    commit: SHA,
    author: 'alice',
    timestamp: 1767258000,
    message: 'Fix the checkout',
    tag: '',
    diff: ' src/app.ts | 2 +-\n 1 file changed',
    ...extra,
  };
}

/** A deploy card as GET /deploy/getList sends it, with `extra` over plain defaults. */
export function deployRow(id: number, name: string, extra: Partial<DeployRow> = {}): DeployRow {
  return {
    id,
    name,
    repoType: 'git',
    transferType: 'rsync',
    url: `https://github.com/acme/${name}.git`,
    label: '',
    publisherId: 0,
    publisherName: '',
    environment: 4,
    branch: 'main',
    symlinkPath: '',
    review: 0,
    script: { afterPull: stage, afterDeploy: stage, deployFinish: stage, customVariables: [] },
    lastPublishToken: '',
    autoDeploy: 0,
    deployState: 0,
    updateTime: '2026-01-01 09:00:00',
    serverIds: [1, 2],
    publishExt: '{}',
    activeToken: '',
    activeStatus: '',
    queued: 0,
    reviewCount: 0,
    ...extra,
  };
}

/** A type-1 hub frame's message for project `projectId`. */
export function progressFrame(
  projectId: number,
  extra: Partial<DeployProgressMessage> = {},
): DeployProgressMessage {
  return {
    projectId,
    projectName: 'shop',
    state: 1,
    message: 'Repo follow',
    ext: {},
    token: 'tok-live',
    stage: 'pull',
    status: 'running',
    servers: [],
    ahead: 0,
    ...extra,
  };
}

/** A trace row of deploy `token`. */
export function traceRow(id: number, type: number, extra: Partial<TraceRow> = {}): TraceRow {
  return {
    id,
    token: 'tok-1',
    namespaceId: 1,
    projectId: 1,
    projectName: 'shop',
    detail: '',
    state: 1,
    publisherId: 5,
    publisherName: 'Myself',
    type,
    ext: '{}',
    serverId: 0,
    insertTime: `2026-01-02 10:00:0${id % 10}`,
    updateTime: `2026-01-02 10:00:0${id % 10}`,
    ...extra,
  };
}

/** A history row as GET /deploy/getPreview sends it. */
export function previewRow(token: string, extra: Partial<PreviewRow> = {}): PreviewRow {
  return {
    token,
    projectId: 1,
    publisherId: 5,
    publisherName: 'Myself',
    state: 1,
    ext: SHA,
    branch: 'origin/main',
    message: 'Fix the checkout',
    tag: '',
    status: 'succeeded',
    kind: 'publish',
    current: false,
    insertTime: '2026-01-02 10:00:00',
    updateTime: '2026-01-02 10:01:00',
    ...extra,
  };
}

/** A review of shop as GET /project/getReviewList sends it: Alice's, waiting, unless `extra`. */
export function reviewRow(id: number, extra: Partial<ReviewRow> = {}): ReviewRow {
  return {
    id,
    projectId: 1,
    branch: 'main',
    commitId: SHA,
    reviewURL: '',
    state: ReviewState.waiting,
    reason: '',
    token: '',
    creatorId: 7,
    creator: 'Alice',
    editorId: 0,
    editor: '',
    insertTime: '2026-11-20 10:00:00',
    updateTime: '2026-11-20 10:00:00',
    ...extra,
  };
}
