/**
 * Which server test files also run on PostgreSQL: the one table of the rule in
 * docs/decisions/0040-test-engines.md. Every server test runs on SQLite (the default engine).
 * These run on the run's PostgreSQL server too, because what they check depends on the engine:
 * migrations, claims and leases, retention, namespace rights and the queries whose SQL differs
 * between dialects. The heavy suites (real sshd, rsync, cron, nginx) run once, on SQLite; the
 * end-to-end specs run against a console on PostgreSQL, so both engines see real traffic.
 * Paths are relative to `server/`.
 */
export const ON_POSTGRES: readonly { files: string; why: string }[] = [
  { files: 'src/infra/jobs/*.int.test.ts', why: 'the durable queue and due claims: row locks' },
  {
    files: 'src/**/*.cluster.*.test.ts',
    why: 'several console processes on one database (PostgreSQL alone)',
  },
  { files: 'src/features/system/*.int.test.ts', why: 'console heartbeats, the schema check' },
  { files: 'src/infra/notify/*.int.test.ts', why: 'notification retries claimed with leases' },
  { files: 'src/core/http/*.security.test.ts', why: 'the guard, API keys, bodies on every route' },
  { files: 'src/features/auth/*.int.test.ts', why: 'sessions, lockouts, captcha, namespaces' },
  { files: 'src/features/user/*.int.test.ts', why: 'members across namespaces, enable, lists' },
  { files: 'src/features/user/*.security.test.ts', why: 'cross-namespace rights, stored input' },
  {
    files: 'src/features/api-key/*.security.test.ts',
    why: 'scoped keys: JSON scopes, expiry, use',
  },
  { files: 'src/features/namespace/*.int.test.ts', why: 'namespaces and their members' },
  { files: 'src/features/log/*.int.test.ts', why: 'log pages and their filters (LIKE, times)' },
  { files: 'src/features/hub/hub.int.test.ts', why: 'revocations read from the database' },
  {
    files: 'src/features/project/*.{int,security}.test.ts',
    why: 'project rows, bindings, JSON columns',
  },
  { files: 'src/features/schedule/*.int.test.ts', why: 'scheduled deploys claimed once' },
  { files: 'src/features/notification/*.int.test.ts', why: 'templates and deliveries' },
  {
    files: 'src/features/notification/*.security.test.ts',
    why: 'sealed addresses, their columns and their sealing at start',
  },
  { files: 'src/features/webhook/*.security.test.ts', why: 'delivery log and its bounds' },
  {
    files: 'src/features/run-definition/*.{int,security}.test.ts',
    why: 'saved runs and their rights',
  },
  {
    files: 'src/features/goploy-import/goploy-import.int.test.ts',
    why: "goploy's rows in one transaction, ids kept, sequences moved past them",
  },
  {
    files: 'src/features/goploy-import/goploy-import-monitors.int.test.ts',
    why: "goploy's monitors, warning rules and cron jobs, and the engine checking them",
  },
  {
    files: 'src/features/goploy-import/goploy-import-runs.int.test.ts',
    why: "goploy's saved runs, files and notification templates upserted per namespace",
  },
  {
    files: 'src/features/goploy-import/goploy-import-history.int.test.ts',
    why: "goploy's deploy history read through the history's joins, its tasks claimed",
  },
  {
    files: 'src/features/goploy-import/goploy-import-logs.int.test.ts',
    why: "goploy's logs read through the log pages' joins, a refusal rolling recordings back",
  },
  {
    files: 'src/features/server/server-import.int.test.ts',
    why: 'a CSV import in one transaction',
  },
  { files: 'src/features/sftp/sftp-log.int.test.ts', why: 'the transfer log queries' },
  { files: 'src/features/terminal/recording-retention.int.test.ts', why: 'retention by time' },
  { files: 'src/features/deploy/deploy-log-retention.int.test.ts', why: 'retention by time, size' },
  { files: 'src/features/cron/cron-prune.int.test.ts', why: 'batched deletes along an index' },
  { files: 'src/features/monitor/monitor.int.test.ts', why: 'checks claimed, roll-ups, uptime' },
  { files: 'src/features/monitor/monitor.security.test.ts', why: 'monitor rights' },
  { files: 'src/features/metrics/**/*.int.test.ts', why: 'samples, roll-ups, rules, claims' },
  { files: 'src/features/metrics/**/*.security.test.ts', why: 'agent keys, rule rights' },
];

/** Files a glob above takes that run on SQLite alone: heavy ones (sshd fleets), and one more. */
export const NOT_ON_POSTGRES: readonly string[] = [
  'src/features/metrics/agent/agent.int.test.ts',
  'src/features/metrics/agent/agent.security.test.ts',
  'src/features/metrics/collector/collector.int.test.ts',
  'src/features/metrics/pull/metrics-pull.int.test.ts',
  // Its hang test holds collections on timers tuned to claims that finish within microtasks, as
  // on SQLite; on PostgreSQL each claim is a round trip and the test fails one run in a few.
  'src/features/metrics/pull/pull-engine.int.test.ts',
];
