import { redirect, type AnyRouter } from '@tanstack/react-router';
import { hasPermission } from '../../auth/hasPermission';
import { userInfoQuery } from '../../auth/userInfoQuery';
import type { RouterContext } from './RouterContext';

/** A page of a menu section and the permission that opens it. */
export interface SectionPage {
  to: string;
  permission: number;
}

/**
 * The `beforeLoad` of a section's index (`/log`, `/member`): it opens the first of `pages` the
 * user may open (the guard has loaded the permissions); with none, `fallback`, which then
 * answers 404 as any page the user may not open.
 */
export function sectionRedirect(pages: readonly SectionPage[], fallback: string) {
  return ({ context }: { context: RouterContext }) => {
    const held = context.queryClient.getQueryData(userInfoQuery.queryKey)?.namespace.permissionIds;
    const page = pages.find((p) => hasPermission(held, [p.permission]));
    redirect<AnyRouter, string>({ to: page?.to ?? fallback, replace: true, throw: true });
  };
}
