/** Where a delivery came from, told by its event header. */
export const WEBHOOK_PROVIDERS = ['github', 'gitlab', 'gitee', 'codeup', 'svn', 'unknown'] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

/**
 * Why a delivery started no deploy (stable ids, i18n keys of the web app). Refusals before the
 * signature is known good: `signature_*`, `project_removed`, `unknown_provider`. A signed push
 * seen before is `replayed`; one whose commit the servers run already, or an ancestor of it, is
 * `stale_push`; `ancestry_unknown` when that could not be told (the repository not fetched).
 */
export const WEBHOOK_REASONS = [
  'signature_missing',
  'signature_invalid',
  'signature_expired',
  'unknown_provider',
  'project_removed',
  'not_push_event',
  'auto_deploy_off',
  'tag_push',
  'branch_deleted',
  'branch_missing',
  'branch_mismatch',
  'deploy_refused',
  'replayed',
  'stale_push',
  'ancestry_unknown',
] as const;
export type WebhookReason = (typeof WEBHOOK_REASONS)[number];

/**
 * Refusals of calls not proven to be a signed delivery seen for the first time: the log keeps
 * only the newest UNPROVEN_KEPT of them per project, so a flood cannot push the others out.
 */
export const UNPROVEN_REASONS: readonly WebhookReason[] = [
  'signature_missing',
  'signature_invalid',
  'signature_expired',
  'unknown_provider',
  'project_removed',
  'replayed',
];

/** Refusals of calls without a valid signature: counted, with the last one's time. */
export const UNSIGNED_REASONS: readonly WebhookReason[] = [
  'signature_missing',
  'signature_invalid',
  'signature_expired',
  'unknown_provider',
];
