import { describe, expect, it } from 'vitest';
import { attachHub, watchHubToken } from '../hubSubscriptions';

/** A hub that records what it was asked. */
function recorder() {
  const calls: string[] = [];
  return {
    calls,
    subscribe: (token: string) => calls.push(`+${token}`),
    unsubscribe: (token: string) => calls.push(`-${token}`),
  };
}

describe('hub token watches', () => {
  it('shares one subscription between watchers and ends it with the last', () => {
    const hub = recorder();
    const detach = attachHub(hub);
    const a = watchHubToken('t1');
    const b = watchHubToken('t1');
    expect(hub.calls).toEqual(['+t1']);
    a();
    a();
    expect(hub.calls).toEqual(['+t1']);
    b();
    expect(hub.calls).toEqual(['+t1', '-t1']);
    detach();
  });

  it('hands a later hub the tokens watched before it was attached', () => {
    const stop = watchHubToken('early');
    const hub = recorder();
    const detach = attachHub(hub);
    expect(hub.calls).toEqual(['+early']);
    detach();
    // Detached: the next hub gets it again, the old one hears nothing more.
    const next = recorder();
    const detachNext = attachHub(next);
    stop();
    expect(hub.calls).toEqual(['+early']);
    expect(next.calls).toEqual(['+early', '-early']);
    detachNext();
  });
});
