import type { deployRoutes, RouteOutput } from '@ferry/contract/client';

export type PreviewRow = RouteOutput<typeof deployRoutes.getPreview>['list'][number];

/**
 * The release before the live one in a deploy history (newest first): the first succeeded
 * publish older than the publish that made the live release. A rollback's row is marked current
 * as well as the publish it re-linked, so the oldest current publish is the live release's own;
 * with no row marked, the newest succeeded deploy is taken as live. Undefined when there is none.
 */
export function previousRelease(history: readonly PreviewRow[]): PreviewRow | undefined {
  const succeeded = (r: PreviewRow) => r.status === 'succeeded';
  let live = history.findLastIndex((r) => r.current && r.kind === 'publish');
  if (live < 0) live = history.findIndex((r) => r.current);
  if (live < 0) live = history.findIndex(succeeded);
  if (live < 0) return undefined;
  return history.slice(live + 1).find((r) => succeeded(r) && r.kind === 'publish' && !r.current);
}
