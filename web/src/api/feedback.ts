export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk: () => void;
  onCancel: () => void;
}

/** How the API layer talks to the user; the app plugs in its toasts and dialogs. */
export interface FeedbackApi {
  error(content: string, seconds: number): void;
  info(content: string, seconds: number): void;
  confirm(options: ConfirmOptions): void;
}

let current: FeedbackApi | undefined;
/** Whether the app has unplugged its outlet (unmounted). */
let gone = false;
let waiting: ((api: FeedbackApi) => void)[] = [];

/** Says it now, or as soon as the app has plugged in its outlet. */
function tell(say: (api: FeedbackApi) => void): void {
  if (current) say(current);
  else if (!gone) waiting.push(say);
}

/**
 * The toast and dialog outlet of the API layer. What is said before the app has mounted waits
 * for it; what is said after the app is gone (a test's) is dropped.
 */
export const feedback: FeedbackApi & { use(api: FeedbackApi | undefined): void } = {
  use(api) {
    current = api;
    gone = !api;
    const said = waiting;
    waiting = [];
    if (api) for (const say of said) say(api);
  },
  error(content, seconds) {
    tell((api) => api.error(content, seconds));
  },
  info(content, seconds) {
    tell((api) => api.info(content, seconds));
  },
  confirm(options) {
    tell((api) => api.confirm(options));
  },
};
