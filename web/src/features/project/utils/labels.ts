import { splitLabels } from '../../../ui/splitLabels';

/** Labels as the wire carries them: one comma-separated string. */
export function joinLabels(labels: readonly string[]): string {
  return splitLabels(labels.join(',')).join(',');
}
