import { useNow } from '../useNow';
import { runDuration } from './runDuration';

/** The time since `since` (the page's clock), counting every second. */
export function Elapsed({ since }: { since: number }) {
  const now = useNow();
  return <>{runDuration(now - since)}</>;
}
