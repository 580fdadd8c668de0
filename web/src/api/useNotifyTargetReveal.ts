import {
  cronRoutes,
  monitorRoutes,
  projectRoutes,
  warningRuleRoutes,
} from '@ferry/contract/client';
import { usePermission } from '../auth/usePermission';
import { call } from './call';

/** The routes that answer an object's notification address in full, one per kind of object. */
export type NotifyTargetRoute =
  | typeof projectRoutes.showNotifyTarget
  | typeof monitorRoutes.showNotifyTarget
  | typeof warningRuleRoutes.showMonitorNotifyTarget
  | typeof cronRoutes.showNotifyTarget;

/**
 * The "Show" of a stored object's masked notification address: fetches it whole through `route`
 * (logged by the console). Undefined for a new object, or for a user who may not edit the object
 * (the route's own permission), who sees the mask only.
 */
export function useNotifyTargetReveal(
  route: NotifyTargetRoute,
  id: number | undefined,
): (() => Promise<string>) | undefined {
  const access = route.access;
  const mayEdit = usePermission(typeof access === 'object' ? access.anyOf : []);
  if (id === undefined || !mayEdit) return undefined;
  return async () => (await call(route as typeof cronRoutes.showNotifyTarget, { id })).notifyTarget;
}
