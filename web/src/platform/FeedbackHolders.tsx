import { message, Modal, notification } from 'antd';
import { useEffect } from 'react';
import type { Feedback } from '../ui/FeedbackContext';

export interface FeedbackHoldersProps {
  /** Receives the feedback once its outlets are in the page. */
  onReady: (feedback: Feedback) => void;
}

/**
 * antd's message, notification and modal outlets, under the app's theme and locale: what antd's
 * `App` gives, loaded by `FeedbackProvider` when the app first has something to say.
 */
export function FeedbackHolders({ onReady }: FeedbackHoldersProps) {
  const [toast, toastHolder] = message.useMessage({ maxCount: 3 });
  const [notice, noticeHolder] = notification.useNotification();
  const [modal, modalHolder] = Modal.useModal();
  useEffect(() => {
    onReady({
      message: {
        success: (content, seconds) => void toast.success(content, seconds),
        error: (content, seconds) => void toast.error(content, seconds),
        info: (content, seconds) => void toast.info(content, seconds),
        warning: (content, seconds) => void toast.warning(content, seconds),
      },
      notification: {
        success: (args) => notice.success(args),
        error: (args) => notice.error(args),
        info: (args) => notice.info(args),
        warning: (args) => notice.warning(args),
        destroy: (key) => notice.destroy(key),
      },
      modal: { confirm: (props) => void modal.confirm(props) },
    });
  }, [onReady, toast, notice, modal]);
  return (
    <>
      {modalHolder}
      {toastHolder}
      {noticeHolder}
    </>
  );
}
