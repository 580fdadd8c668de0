import { z } from 'zod';
import { optionalText, pagination } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';

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
