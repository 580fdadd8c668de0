import type { deployRoutes, RouteOutput } from '@ferry/contract/client';

export type PreviewRow = RouteOutput<typeof deployRoutes.getPreview>['list'][number];

/**
 * The release before the live one in a deploy history (newest first): the first succeeded
 * publish older than the row marked current (or, with none marked, than the newest succeeded
 * deploy) whose release is not the live one. Undefined when there is none.
 */
export function previousRelease(history: readonly PreviewRow[]): PreviewRow | undefined {
  const succeeded = (r: PreviewRow) => r.status === 'succeeded';
  let live = history.findIndex((r) => r.current);
  if (live < 0) live = history.findIndex(succeeded);
  if (live < 0) return undefined;
  return history.slice(live + 1).find((r) => succeeded(r) && r.kind === 'publish' && !r.current);
}
