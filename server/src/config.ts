import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  parseDirectoryRoles,
  parseLdapConfig,
  type DirectoryRole,
  type LdapConfig,
} from './config-directory.js';
import { parseMediaLoginConfig, type MediaLoginConfig } from './config-media.js';
import { parseOidcConfig, type OidcConfig } from './config-oidc.js';

export type { DirectoryRole, LdapConfig, MediaLoginConfig };

const intFrom = (name: string, def: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return def;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be an integer from ${min} to ${max}`,
        });
        return z.NEVER;
      }
      return n;
    });

const boolFrom = (name: string, def: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return def;
      if (/^(1|true|yes|on)$/i.test(v)) return true;
      if (/^(0|false|no|off)$/i.test(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false` });
      return z.NEVER;
    });

/** proxy-addr's names for address ranges, accepted beside addresses and CIDR blocks. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `FERRY_TRUST_PROXY`: off (default), or the addresses of the proxies in front of the console. */
const trustProxyFrom = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || /^\s*(|0|false|no|off)\s*$/i.test(v)) return false as const;
    const entries = v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => {
      if (PROXY_RANGE_NAMES.has(e)) return false;
      const [address, bits, ...rest] = e.split('/');
      const family = net.isIP(address ?? '');
      if (family === 0 || rest.length > 0) return true;
      if (bits === undefined) return false;
      const n = Number(bits);
      return !/^\d+$/.test(bits) || n > (family === 4 ? 32 : 128);
    });
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `FERRY_TRUST_PROXY must be off or a comma-separated list of proxy addresses, CIDR blocks or loopback/linklocal/uniquelocal (not ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  FERRY_PORT: intFrom('FERRY_PORT', 8080, 0, 65535),
  FERRY_HOST: z.string().optional().default('0.0.0.0'),
  FERRY_DATA_DIR: z.string().optional().default('./data'),
  FERRY_SHARED_DIR: z.string().optional(),
  FERRY_DB_URL: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || v === '' || /^(postgres|postgresql):\/\//.test(v),
      'FERRY_DB_URL must be empty (SQLite in the data dir) or a postgres:// URL',
    ),
  FERRY_ADMIN_PASSWORD: z.string().optional(),
  FERRY_SECRET_KEY: z.string().optional(),
  FERRY_EXT_LOGIN_KEY: z.string().optional(),
  FERRY_KEY_DIR: z.string().optional(),
  FERRY_LOGIN_MAX_FAILURES: intFrom('FERRY_LOGIN_MAX_FAILURES', 5, 1, 1000),
  FERRY_LOGIN_LOCK_MINUTES: intFrom('FERRY_LOGIN_LOCK_MINUTES', 15, 1, 10_080),
  FERRY_PASSWORD_EXPIRE_DAYS: intFrom('FERRY_PASSWORD_EXPIRE_DAYS', 0, 0, 3650),
  FERRY_CAPTCHA: boolFrom('FERRY_CAPTCHA', false),
  FERRY_SESSION_IDLE_HOURS: intFrom('FERRY_SESSION_IDLE_HOURS', 24, 1, 8760),
  FERRY_LOGIN_RATE_PER_MINUTE: intFrom('FERRY_LOGIN_RATE_PER_MINUTE', 60, 30, 100_000),
  FERRY_TERMINAL_IDLE_MINUTES: intFrom('FERRY_TERMINAL_IDLE_MINUTES', 30, 1, 1440),
  FERRY_TERMINAL_RECORD_INPUT: boolFrom('FERRY_TERMINAL_RECORD_INPUT', false),
  FERRY_DEPLOY_CONCURRENCY: intFrom('FERRY_DEPLOY_CONCURRENCY', 4, 1, 64),
  FERRY_DEPLOY_SHUTDOWN_GRACE_SECONDS: intFrom('FERRY_DEPLOY_SHUTDOWN_GRACE_SECONDS', 60, 0, 3600),
  FERRY_TRUST_PROXY: trustProxyFrom,
  FERRY_SSH_MAX_CONNECTIONS_PER_SERVER: intFrom(
    'FERRY_SSH_MAX_CONNECTIONS_PER_SERVER',
    10,
    1,
    1000,
  ),
  FERRY_SSH_REUSE_SECONDS: intFrom('FERRY_SSH_REUSE_SECONDS', 60, 0, 3600),
  FERRY_RECORDING_RETENTION_DAYS: intFrom('FERRY_RECORDING_RETENTION_DAYS', 180, 0, 36_500),
  FERRY_RECORDING_MAX_MB: intFrom('FERRY_RECORDING_MAX_MB', 0, 0, 100_000_000),
  FERRY_DEPLOY_LOG_RETENTION_DAYS: intFrom('FERRY_DEPLOY_LOG_RETENTION_DAYS', 90, 0, 36_500),
  FERRY_DEPLOY_LOG_MAX_MB: intFrom('FERRY_DEPLOY_LOG_MAX_MB', 0, 0, 100_000_000),
  FERRY_MONITOR_CHECK_RETENTION_DAYS: intFrom('FERRY_MONITOR_CHECK_RETENTION_DAYS', 30, 0, 36_500),
  FERRY_CRON_LOG_RETENTION_DAYS: intFrom('FERRY_CRON_LOG_RETENTION_DAYS', 30, 0, 36_500),
  FERRY_METRIC_RAW_RETENTION_DAYS: intFrom('FERRY_METRIC_RAW_RETENTION_DAYS', 14, 0, 36_500),
  FERRY_METRIC_5M_RETENTION_DAYS: intFrom('FERRY_METRIC_5M_RETENTION_DAYS', 35, 0, 36_500),
  FERRY_METRIC_ROLLUP_RETENTION_DAYS: intFrom('FERRY_METRIC_ROLLUP_RETENTION_DAYS', 365, 0, 36_500),
  FERRY_PUBLIC_URL: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || v === '' || /^https?:\/\/[^\s'"\\`$]+$/i.test(v),
      'FERRY_PUBLIC_URL must be an http:// or https:// address',
    ),
  FERRY_LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .optional()
    .default('info'),
});

export interface LoginPolicy {
  /** Failures within the window that lock the account. */
  maxFailures: number;
  /** The window in which failures are counted. */
  failureWindowMs: number;
  lockMs: number;
  /** 0 = passwords never expire. */
  passwordExpireDays: number;
  captcha: boolean;
  ratePerMinute: number;
}

export interface TerminalPolicy {
  /** A web terminal with neither input nor output for this long is closed. */
  idleMs: number;
  /** Whether recordings also hold keystrokes (passwords typed at prompts would be kept too). */
  recordInput: boolean;
}

export interface DeployPolicy {
  /** Deploys running at once across all projects (one per project at a time regardless). */
  concurrency: number;
  /** At shutdown, how long running deploys may finish before they are stopped. */
  shutdownGraceMs: number;
}

/** How long, and how much of, finished output is kept on disk; 0 is no limit. */
export interface RetentionPolicy {
  maxAgeDays: number;
  maxMb: number;
}

/** Days server metrics are kept: raw samples, 5-minute and 1-hour roll-ups; 0 = for ever. */
export interface MetricRetention {
  rawDays: number;
  fiveMinuteDays: number;
  hourDays: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * Where deploy logs and terminal recordings are kept: `FERRY_SHARED_DIR`, a directory every
   * console on one PostgreSQL database mounts, so that each reads what the others wrote; the data
   * dir when unset (one console).
   */
  sharedDir: string;
  /** undefined = SQLite file in the data dir. */
  dbUrl: string | undefined;
  adminPassword: string | undefined;
  secretKey: string | undefined;
  extLoginKey: string | undefined;
  /** The only directory servers' key files may come from; undefined: key files are refused. */
  keyDir: string | undefined;
  sessionIdleMs: number;
  login: LoginPolicy;
  terminal: TerminalPolicy;
  deploy: DeployPolicy;
  /**
   * Recordings and deploy logs on disk; monitors' raw check results (days, 0 = kept for ever;
   * the hourly roll-ups behind the long chart ranges are kept 400 days); server metrics.
   */
  retention: {
    recordings: RetentionPolicy;
    deployLogs: RetentionPolicy;
    monitorCheckDays: number;
    /** Cron job runs (`cron_log`), by the time they ended. */
    cronLogDays: number;
    metrics: MetricRetention;
  };
  /** SSH connections open at once to one server: terminals, commands, deploys and rsync. */
  sshMaxConnectionsPerServer: number;
  /** How long rsync's login to a server stays for the next transfer after the last (0: never). */
  sshReuseSeconds: number;
  logLevel: string;
  /** The console's address as servers reach it (agents report there); undefined: as browsers do. */
  publicUrl: string | undefined;
  /**
   * Whose `X-Forwarded-For` is believed (the client's address for the login rate limit and the
   * logs): false = nobody's, the default; else the proxies' addresses or CIDR blocks.
   */
  trustProxy: false | string[];
  /** Sign-in against an LDAP directory; undefined: off (local passwords only). */
  ldap: LdapConfig | undefined;
  /** Which directory groups give which namespace and role (`FERRY_DIRECTORY_ROLES`). */
  directoryRoles: DirectoryRole[];
  /** DingTalk and Feishu sign-in; each undefined when off. */
  media: MediaLoginConfig;
  /** OpenID Connect sign-in; undefined when off. */
  oidc: OidcConfig | undefined;
}

/** Thrown with every problem of the environment listed, one per line. */
export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  const ldap = parseLdapConfig(env, problems);
  const directoryRoles = parseDirectoryRoles(env.FERRY_DIRECTORY_ROLES, problems);
  const media = parseMediaLoginConfig(env, problems);
  const publicUrl = env.FERRY_PUBLIC_URL?.replace(/\/+$/, '') || undefined;
  const oidc = parseOidcConfig(env, publicUrl, problems);
  if (!parsed.success || problems.length > 0) {
    const lines = problems.map((p) => `- ${p}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.FERRY_PORT,
    host: e.FERRY_HOST,
    dataDir: path.resolve(e.FERRY_DATA_DIR),
    sharedDir: path.resolve(e.FERRY_SHARED_DIR || e.FERRY_DATA_DIR),
    dbUrl: e.FERRY_DB_URL || undefined,
    adminPassword: e.FERRY_ADMIN_PASSWORD || undefined,
    secretKey: e.FERRY_SECRET_KEY || undefined,
    extLoginKey: e.FERRY_EXT_LOGIN_KEY || undefined,
    keyDir: e.FERRY_KEY_DIR ? path.resolve(e.FERRY_KEY_DIR) : undefined,
    sessionIdleMs: e.FERRY_SESSION_IDLE_HOURS * 3_600_000,
    login: {
      maxFailures: e.FERRY_LOGIN_MAX_FAILURES,
      failureWindowMs: 5 * 60_000,
      lockMs: e.FERRY_LOGIN_LOCK_MINUTES * 60_000,
      passwordExpireDays: e.FERRY_PASSWORD_EXPIRE_DAYS,
      captcha: e.FERRY_CAPTCHA,
      ratePerMinute: e.FERRY_LOGIN_RATE_PER_MINUTE,
    },
    terminal: {
      idleMs: e.FERRY_TERMINAL_IDLE_MINUTES * 60_000,
      recordInput: e.FERRY_TERMINAL_RECORD_INPUT,
    },
    deploy: {
      concurrency: e.FERRY_DEPLOY_CONCURRENCY,
      shutdownGraceMs: e.FERRY_DEPLOY_SHUTDOWN_GRACE_SECONDS * 1000,
    },
    retention: {
      recordings: {
        maxAgeDays: e.FERRY_RECORDING_RETENTION_DAYS,
        maxMb: e.FERRY_RECORDING_MAX_MB,
      },
      deployLogs: {
        maxAgeDays: e.FERRY_DEPLOY_LOG_RETENTION_DAYS,
        maxMb: e.FERRY_DEPLOY_LOG_MAX_MB,
      },
      monitorCheckDays: e.FERRY_MONITOR_CHECK_RETENTION_DAYS,
      cronLogDays: e.FERRY_CRON_LOG_RETENTION_DAYS,
      metrics: {
        rawDays: e.FERRY_METRIC_RAW_RETENTION_DAYS,
        fiveMinuteDays: e.FERRY_METRIC_5M_RETENTION_DAYS,
        hourDays: e.FERRY_METRIC_ROLLUP_RETENTION_DAYS,
      },
    },
    sshMaxConnectionsPerServer: e.FERRY_SSH_MAX_CONNECTIONS_PER_SERVER,
    sshReuseSeconds: e.FERRY_SSH_REUSE_SECONDS,
    logLevel: e.FERRY_LOG_LEVEL,
    publicUrl,
    trustProxy: e.FERRY_TRUST_PROXY,
    ldap,
    directoryRoles,
    media,
    oidc,
  };
}
