import { useStoredState } from './useStoredState';

export type DeployView = 'card' | 'table';

const readView = (raw: unknown): DeployView => (raw === 'table' ? 'table' : 'card');

/** Cards or a table on the deploy page, as last chosen in this browser. */
export function useDeployView() {
  return useStoredState<DeployView>('ferry.deploy.view', readView);
}
