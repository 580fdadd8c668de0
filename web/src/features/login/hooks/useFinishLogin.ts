import type { authRoutes, RouteOutput } from '@ferry/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { chooseNamespace } from '../../../auth/chooseNamespace';
import { session } from '../../../auth/session';
import { safeRedirect } from '../utils/safeRedirect';

type LoginResult = RouteOutput<typeof authRoutes.login>;

/**
 * After a successful login: remember the namespace list, pick the namespace (the one the server
 * proposes, else the stored one if still a member, else the last), mark the browser logged in and open `redirect` or `/`.
 * Returns false when the account has no namespace to work in.
 */
export function useFinishLogin(redirect: string | undefined): (result: LoginResult) => boolean {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(
    (result) => {
      const chosen = chooseNamespace(
        result.namespaceList,
        session.identity(),
        result.preferredNamespaceId,
      );
      if (!chosen) return false;
      session.setNamespaceList(result.namespaceList);
      session.setIdentity(chosen);
      session.markLoggedIn();
      queryClient.clear();
      router.history.replace(safeRedirect(redirect));
      return true;
    },
    [queryClient, redirect, router],
  );
}
