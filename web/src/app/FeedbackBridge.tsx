import { App } from 'antd';
import { useEffect } from 'react';
import { feedback } from '../api/feedback';

/**
 * Hands antd's context-aware message and modal (theme, locale) to the API layer, which lives
 * outside React.
 */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    feedback.use({
      error: (content, seconds) => void message.error({ content, duration: seconds }),
      info: (content, seconds) => void message.info({ content, duration: seconds }),
      confirm: (options) => void modal.confirm(options),
    });
    return () => feedback.use(undefined);
  }, [message, modal]);
  return null;
}
