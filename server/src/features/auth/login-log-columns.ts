/** One sign-in attempt as the login log keeps it. */
export interface LoginAttempt {
  account: string;
  ip: string;
  userAgent: string;
  referer: string;
  /** '' on success, else why the attempt failed. */
  reason: string;
  time: number;
  /** How the attempt was checked: `local`, `ldap`, `link`; absent: `local` (goploy's rows). */
  provider?: string;
}

/** A `login_log` row: each text cut to its column's width. */
export const loginLogColumns = (row: LoginAttempt) => ({
  account: row.account.slice(0, 30),
  remote_addr: row.ip.slice(0, 64),
  user_agent: row.userAgent.slice(0, 512),
  referer: row.referer.slice(0, 512),
  reason: row.reason.slice(0, 255),
  login_time: row.time,
  ...(row.provider ? { provider: row.provider.slice(0, 16) } : {}),
});
