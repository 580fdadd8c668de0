/** Where a delivery came from, told by its event header. */
export const WEBHOOK_PROVIDERS = ['github', 'gitlab', 'gitee', 'codeup', 'svn', 'unknown'] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

/**
 * Why a delivery started no deploy (stable ids, i18n keys of the web app). Refusals before the
 * signature is known good: `signature_*`, `project_removed`, `unknown_provider`.
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
] as const;
export type WebhookReason = (typeof WEBHOOK_REASONS)[number];
