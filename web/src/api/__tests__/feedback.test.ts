import { describe, expect, it, vi } from 'vitest';
import type { FeedbackApi } from '../feedback';

const spy = () => ({
  error: vi.fn<FeedbackApi['error']>(),
  info: vi.fn<FeedbackApi['info']>(),
  confirm: vi.fn<FeedbackApi['confirm']>(),
});

/** A fresh copy of the module: no outlet plugged in yet. */
async function freshFeedback() {
  vi.resetModules();
  return (await import('../feedback')).feedback;
}

describe('feedback', () => {
  it('keeps what is said before the app plugs in its outlet, and says it then', async () => {
    const feedback = await freshFeedback();
    feedback.error('Network error', 3);
    const outlet = spy();
    feedback.use(outlet);
    expect(outlet.error).toHaveBeenCalledWith('Network error', 3);
    feedback.info('Reconnected', 2);
    expect(outlet.info).toHaveBeenCalledWith('Reconnected', 2);
  });

  it('drops what is said once the app has unplugged it', async () => {
    const feedback = await freshFeedback();
    feedback.use(spy());
    feedback.use(undefined);
    feedback.error('Too late', 3);
    const next = spy();
    feedback.use(next);
    expect(next.error).not.toHaveBeenCalled();
  });
});
