import { Code } from './envelope.js';

/**
 * WebSocket conventions (wire-api §3). The hub sends `{type, message}` JSON frames. A refused
 * upgrade is accepted and then closed with one of these codes, so a client can tell "log in
 * again" from a network fault.
 */
export const WsClose = {
  /** 10000: account disabled. */
  accountDisabled: 4000,
  /** 10001: not logged in. */
  notLoggedIn: 4001,
  /** 10002: not a member of the namespace. */
  namespaceInvalid: 4002,
  /** 1: no permission for this socket or object. */
  denied: 4003,
  /** 10086: the session expired. */
  sessionExpired: 4086,
  /** 10003: a bad query parameter (the reason names it). */
  invalidParameter: 4010,
  /** Missed two pings. */
  timeout: 4008,
  /**
   * The console is shutting down (WebSocket's "service restart"): another console behind the
   * same address answers, so a client reconnects at once. Ours.
   */
  restarting: 1012,
} as const;

/** Each refusal close code and the envelope code it stands for: one table, read both ways. */
const REFUSALS: readonly (readonly [close: number, envelope: number])[] = [
  [WsClose.accountDisabled, Code.accountDisabled],
  [WsClose.notLoggedIn, Code.illegalRequest],
  [WsClose.namespaceInvalid, Code.namespaceInvalid],
  [WsClose.denied, Code.deny],
  [WsClose.sessionExpired, Code.loginExpired],
  [WsClose.invalidParameter, Code.illegalParam],
];

/** The envelope code a refusal close code stands for; undefined for any other close. */
export function envelopeCodeForClose(closeCode: number): number | undefined {
  return REFUSALS.find(([close]) => close === closeCode)?.[1];
}

/** The close code of an upgrade refused with `envelopeCode`; "not logged in" for any other. */
export function closeCodeForEnvelope(envelopeCode: number): number {
  return REFUSALS.find(([, envelope]) => envelope === envelopeCode)?.[0] ?? WsClose.notLoggedIn;
}

export const HubType = {
  deployProgress: 1,
  monitorAlert: 3,
  deployLog: 11,
  deployReview: 12,
  sftpTransfer: 13,
  remoteRun: 14,
  monitorState: 15,
  serverMetrics: 16,
} as const;

/**
 * Hub frame type 15 (ours): a monitor's state changed (`status`: unknown, up, failing, down,
 * paused). Sent to the members of its namespace who hold ShowMonitorPage.
 */
export interface MonitorStateMessage {
  monitorId: number;
  status: string;
  failCount: number;
  lastCheckTime: string;
  latencyMs: number;
  /** Why the last check failed; '' when it passed. */
  error: string;
}

/**
 * Hub frame type 16 (ours): a server's new samples (pulled or reported), or its collection state
 * changed. Sent to members who hold ShowServerMonitorPage and may see the server, on the topic
 * `metrics:<serverId>` (the agent page subscribes while it is open).
 */
export interface ServerMetricsMessage {
  serverId: number;
  /** When the samples were taken, epoch ms; 0 when only the state changed. */
  time: number;
  samples: { type: number; item: string; value: number }[];
  /** The collection's state after this: ok or unreachable (the contract's MetricSourceState). */
  state: string;
  /** Why the server was unreachable; '' otherwise. */
  error: string;
}

/**
 * Hub frame type 12 (ours): a publish now waits for a reviewer (state 0), or its review was
 * decided (1 approved, 2 rejected). Sent to those of the namespace who may see the project.
 */
export interface DeployReviewMessage {
  projectId: number;
  projectName: string;
  reviewId: number;
  state: number;
  creatorId: number;
  creator: string;
  editor: string;
  reason: string;
  /** The deploy an approval started; '' otherwise. */
  token: string;
  /** The branch and the full id of the commit asked for ('' for a project without a repository). */
  branch: string;
  commitId: string;
  /** The commit's subject line, when the review was just asked for; '' otherwise. */
  commitMessage: string;
  /**
   * When the review was just asked for: how many commits and changed files separate the commit
   * from the live one (`null` when no release is live on every server, or they could not be read).
   */
  changes: { commits: number; files: number } | null;
}

/**
 * Hub frame type 13 (ours): progress of one destination of a `/server/transferFile` that named a
 * `transferId`, sent only to the sockets of the user who started it. `state`: `running`, `done`
 * or `failed` (then `error` says why).
 */
export interface SftpTransferMessage {
  transferId: string;
  serverId: number;
  bytes: number;
  /** Bytes to send in all; 0 while a directory is still being walked. */
  total: number;
  state: 'running' | 'done' | 'failed';
  error: string;
}

/**
 * Hub frame type 14 (ours): a remote run (a batch script, a process command) as it goes, on the
 * topic `run:<runId>` to subscribers who may see such runs. `serverId` 0 is the run as a whole.
 * `output` holds whole lines in the order the server printed them, and comes as a binary message
 * (`hub-binary.ts`); `state` comes when it changes, with `exitCode`, `durationMs` and `error` once
 * the server's part ended.
 */
export interface RemoteRunMessage {
  runId: number;
  serverId: number;
  output?: { stream: 'stdout' | 'stderr'; text: string }[];
  state?: string;
  exitCode?: number | null;
  durationMs?: number;
  error?: string;
}

export interface HubFrame<M = unknown> {
  type: number;
  message: M;
}

/** What a browser may send to the hub. */
export type HubClientOp = { op: 'subscribe'; token: string } | { op: 'unsubscribe'; token: string };
