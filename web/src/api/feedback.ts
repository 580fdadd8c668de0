import { message as staticMessage, Modal } from 'antd';

export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk: () => void;
  onCancel: () => void;
}

/** How the API layer talks to the user; the app plugs in antd's context-aware instances. */
export interface FeedbackApi {
  error(content: string, seconds: number): void;
  info(content: string, seconds: number): void;
  confirm(options: ConfirmOptions): void;
}

/** antd's static functions: used only until the app has mounted its <App> context. */
const staticFeedback: FeedbackApi = {
  error: (content, seconds) => void staticMessage.error({ content, duration: seconds }),
  info: (content, seconds) => void staticMessage.info({ content, duration: seconds }),
  confirm: (options) => void Modal.confirm({ ...options, okButtonProps: { danger: false } }),
};

let current: FeedbackApi = staticFeedback;

/** The toast and dialog outlet of the API layer. */
export const feedback: FeedbackApi & { use(api: FeedbackApi | undefined): void } = {
  use(api) {
    current = api ?? staticFeedback;
  },
  error(content, seconds) {
    current.error(content, seconds);
  },
  info(content, seconds) {
    current.info(content, seconds);
  },
  confirm(options) {
    current.confirm(options);
  },
};
