import type { ReactNode } from 'react';
import { usePermission } from './usePermission';

interface CanProps {
  /** Permission ids from `Perm`; holding any one of them shows the children. */
  anyOf: readonly number[];
  children: ReactNode;
  fallback?: ReactNode;
}

/** Renders its children only for users holding one of the permissions. */
export function Can({ anyOf, children, fallback = null }: CanProps) {
  return usePermission(anyOf) ? children : fallback;
}
