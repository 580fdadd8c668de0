import { useEffect, useState } from 'react';
import { runDuration } from './runDuration';

/** The time since `since` (the page's clock), counting every second. */
export function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <>{runDuration(now - since)}</>;
}
