import { z } from 'zod';
import { idField, optionalText, pagination } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { SFTP_LOG_TYPES } from '../sftp/sftp-fields.js';

export const loginLogRow = z.object({
  id: z.number(),
  account: z.string(),
  remoteAddr: z.string(),
  userAgent: z.string(),
  referer: z.string(),
  reason: z.string(),
  loginTime: z.string(),
});

const loginLogFilter = { account: optionalText(30) };

export const getLoginLogList = route({
  method: 'GET',
  path: '/log/getLoginLogList',
  access: anyOf(Perm.ShowLoginLogPage),
  input: z.object({ ...loginLogFilter, ...pagination }),
  output: z.object({ list: z.array(loginLogRow) }),
});

export const getLoginLogTotal = route({
  method: 'GET',
  path: '/log/getLoginLogTotal',
  access: anyOf(Perm.ShowLoginLogPage),
  input: z.object(loginLogFilter),
  output: z.object({ total: z.number() }),
});

/** goploy spells these keys `namespaceID` and `userID`; kept for its clients. */
export const operationLogRow = z.object({
  id: z.number(),
  namespaceID: z.number(),
  userID: z.number(),
  username: z.string(),
  router: z.string(),
  api: z.string(),
  requestTime: z.string(),
  requestData: z.string(),
  responseTime: z.string(),
  responseData: z.string(),
});

const operationLogFilter = {
  username: optionalText(30),
  router: optionalText(255),
  api: optionalText(255),
};

export const getOperationLogList = route({
  method: 'GET',
  path: '/log/getOperationLogList',
  access: anyOf(Perm.ShowOperationLogPage),
  input: z.object({ ...operationLogFilter, ...pagination }),
  output: z.object({ list: z.array(operationLogRow) }),
});

export const getOperationLogTotal = route({
  method: 'GET',
  path: '/log/getOperationLogTotal',
  access: anyOf(Perm.ShowOperationLogPage),
  input: z.object(operationLogFilter),
  output: z.object({ total: z.number() }),
});

/** goploy's spelling of the id keys (`namespaceID`, `userID`, `serverID`), kept for its clients. */
export const terminalLogRow = z.object({
  id: z.number(),
  namespaceID: z.number(),
  userID: z.number(),
  username: z.string(),
  serverID: z.number(),
  serverName: z.string(),
  remoteAddr: z.string(),
  userAgent: z.string(),
  startTime: z.string(),
  /** Empty while the session is open. */
  endTime: z.string(),
  /** Whether a recording can be replayed. */
  hasRecord: z.boolean(),
  /** Retention removed the recording. */
  recordPruned: z.boolean(),
});

const terminalLogFilter = {
  username: optionalText(30),
  serverName: optionalText(255),
};

export const getTerminalLogList = route({
  method: 'GET',
  path: '/log/getTerminalLogList',
  access: anyOf(Perm.ShowTerminalLogPage),
  input: z.object({ ...terminalLogFilter, ...pagination }),
  output: z.object({ list: z.array(terminalLogRow) }),
});

export const getTerminalLogTotal = route({
  method: 'GET',
  path: '/log/getTerminalLogTotal',
  access: anyOf(Perm.ShowTerminalLogPage),
  input: z.object(terminalLogFilter),
  output: z.object({ total: z.number() }),
});

/**
 * The recording as an asciicast v2 file (`<id>.cast`, an attachment; not an envelope). Refused
 * with an envelope (code 1) for a record of another namespace.
 */
export const getTerminalRecord = route({
  method: 'GET',
  path: '/log/getTerminalRecord',
  access: anyOf(Perm.ShowTerminalRecord),
  input: z.object({ recordId: idField }),
  output: z.null(),
  download: true,
});

/** One deploy as the publish log lists it, with the failure detail of its failed stages. */
export const publishLogRow = z.object({
  token: z.string(),
  projectId: z.number(),
  projectName: z.string(),
  publisherId: z.number(),
  publisherName: z.string(),
  /** 1 succeeded, 0 failed. */
  state: z.number(),
  status: z.string(),
  detail: z.string(),
  /** The pulled commit as the pull stage recorded it (JSON text: branch, commit, message…); '' before. */
  ext: z.string(),
  insertTime: z.string(),
});

const publishLogFilter = { username: optionalText(30), projectName: optionalText(255) };

export const getPublishLogList = route({
  method: 'GET',
  path: '/log/getPublishLogList',
  access: anyOf(Perm.ShowPublishLogPage),
  input: z.object({ ...publishLogFilter, ...pagination }),
  output: z.object({ list: z.array(publishLogRow) }),
});

export const getPublishLogTotal = route({
  method: 'GET',
  path: '/log/getPublishLogTotal',
  access: anyOf(Perm.ShowPublishLogPage),
  input: z.object(publishLogFilter),
  output: z.object({ total: z.number() }),
});

/** An `sftp_log` row: goploy's spelling, then ours (`state`, `detail`). */
export const sftpLogRow = z.object({
  id: z.number(),
  namespaceID: z.number(),
  userID: z.number(),
  username: z.string(),
  serverID: z.number(),
  serverName: z.string(),
  remoteAddr: z.string(),
  userAgent: z.string(),
  /** One of `SFTP_LOG_TYPES`. */
  type: z.string(),
  path: z.string(),
  /** Why it failed; '' when it succeeded. */
  reason: z.string(),
  /** 1 succeeded, 0 failed. */
  state: z.number(),
  /** The other side of the action: a new name, a copy, destinations, bytes. */
  detail: z.string(),
  insertTime: z.string(),
});

/** goploy's filters (exact user and server names), and ours: the action. */
const sftpLogFilter = {
  username: optionalText(30),
  serverName: optionalText(255),
  type: z.enum(SFTP_LOG_TYPES, `must be one of ${SFTP_LOG_TYPES.join(', ')}`).optional(),
};

export const getSftpLogList = route({
  method: 'GET',
  path: '/log/getSftpLogList',
  access: anyOf(Perm.ShowSFTPLogPage),
  input: z.object({ ...sftpLogFilter, ...pagination }),
  output: z.object({ list: z.array(sftpLogRow) }),
});

export const getSftpLogTotal = route({
  method: 'GET',
  path: '/log/getSftpLogTotal',
  access: anyOf(Perm.ShowSFTPLogPage),
  input: z.object(sftpLogFilter),
  output: z.object({ total: z.number() }),
});
