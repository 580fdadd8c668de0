import { DeployState } from '@ferry/contract/client';

const NAMES: Record<number, string> = {
  [DeployState.notDeployed]: 'not deployed',
  [DeployState.deploying]: 'deploying',
  [DeployState.success]: 'deployed',
  [DeployState.fail]: 'failed',
};

/** A project's `deployState` in words. */
export const deployStateName = (state: number) => NAMES[state] ?? `state ${state}`;

/** The last deploy's commit info, from a deploy row's `publishExt` JSON text. */
export function publishExtOf(text: string): { commit: string; branch: string; message: string } {
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    const s = (k: string) => (typeof v[k] === 'string' ? v[k] : '');
    return { commit: s('commit'), branch: s('branch'), message: s('message') };
  } catch {
    return { commit: '', branch: '', message: '' };
  }
}
