import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFeedback } from '../../ui/useFeedback';

/** Fresh copies of the provider and its hook: antd's outlets not fetched yet. */
async function coldFeedback() {
  vi.resetModules();
  const { FeedbackProvider } = await import('../FeedbackProvider');
  const hook = await import('../../ui/useFeedback');
  return { FeedbackProvider, useFeedback: hook.useFeedback };
}

describe('FeedbackProvider', () => {
  it('fetches antd’s outlets with the first toast or confirmation, then shows what waited', async () => {
    const { FeedbackProvider, useFeedback: useColdFeedback } = await coldFeedback();
    function Save() {
      const { message, modal } = useColdFeedback();
      const save = () => {
        message.success('Saved');
        modal.confirm({ title: 'Deploy now?', content: 'The servers follow.' });
      };
      return <button onClick={save}>Save</button>;
    }
    render(
      <FeedbackProvider>
        <Save />
      </FeedbackProvider>,
    );
    fireEvent.click(screen.getByText('Save'));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.queryByText('Deploy now?')).toBeNull();

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect((await screen.findAllByText('Deploy now?')).length).toBeGreaterThan(0);
    expect(screen.getByText('The servers follow.')).toBeTruthy();
  });

  it('refuses to show anything outside the provider', () => {
    let outside: ReturnType<typeof useFeedback> | undefined;
    function Lost() {
      outside = useFeedback();
      return null;
    }
    render(<Lost />);
    expect(() => outside?.message.info('Hello')).toThrow(/FeedbackProvider/);
  });
});
