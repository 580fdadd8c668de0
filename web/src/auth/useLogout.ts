import { authRoutes } from '@ferry/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { call } from '../api/call';
import { session } from './session';

/**
 * Signs out: ends the server session, forgets the namespace and cached data, opens /login.
 * A failed logout call still signs out locally.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await call(authRoutes.logout, {}, { silent: true }).catch(() => undefined);
    session.clear();
    queryClient.clear();
    await navigate({ to: '/login', replace: true });
  }, [navigate, queryClient]);
}
