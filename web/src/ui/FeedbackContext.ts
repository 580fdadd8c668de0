import type { MessageArgsProps, ModalFuncProps, NotificationArgsProps } from 'antd';
import { createContext, type Key, type ReactNode } from 'react';

type Kind = 'success' | 'error' | 'info' | 'warning';

/** The app's toasts, notices and confirmations: antd's message, notification and modal. */
export interface Feedback {
  message: Record<Kind, (content: ReactNode | MessageArgsProps, seconds?: number) => void>;
  notification: Record<Kind, (args: NotificationArgsProps) => void> & {
    destroy(key?: Key): void;
  };
  modal: { confirm(props: ModalFuncProps): void };
}

const outside = () => {
  throw new Error('Feedback is shown inside the app’s FeedbackProvider only');
};

/** The feedback of the app (`useFeedback`); outside its provider, every call throws. */
export const FeedbackContext = createContext<Feedback>({
  message: { success: outside, error: outside, info: outside, warning: outside },
  notification: {
    success: outside,
    error: outside,
    info: outside,
    warning: outside,
    destroy: outside,
  },
  modal: { confirm: outside },
});
