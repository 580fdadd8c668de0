import { useQuery } from '@tanstack/react-query';
import { userInfoQuery } from './userInfoQuery';

/** The current user and namespace permissions (loaded by the guard before any page renders). */
export function useUserInfo() {
  return useQuery(userInfoQuery).data;
}
