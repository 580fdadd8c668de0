import { useEffect } from 'react';
import { feedback } from '../api/feedback';
import { useFeedback } from '../ui/useFeedback';

/**
 * Hands the app's toasts and confirmations (antd's, in the app's theme and locale) to the API
 * layer, which lives outside React.
 */
export function FeedbackBridge() {
  const { message, modal } = useFeedback();
  useEffect(() => {
    feedback.use({
      error: (content, seconds) => message.error({ content, duration: seconds }),
      info: (content, seconds) => message.info({ content, duration: seconds }),
      confirm: (options) => modal.confirm(options),
    });
    return () => feedback.use(undefined);
  }, [message, modal]);
  return null;
}
