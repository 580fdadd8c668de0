import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { FeedbackContext, type Feedback } from '../ui/FeedbackContext';
import type { FeedbackHoldersProps } from './FeedbackHolders';

type Call = (feedback: Feedback) => void;

/** A feedback that hands each call to `run`, which makes it once antd's outlets are there. */
function deferredFeedback(run: (call: Call) => void): Feedback {
  return {
    message: {
      success: (content, seconds) => run((f) => f.message.success(content, seconds)),
      error: (content, seconds) => run((f) => f.message.error(content, seconds)),
      info: (content, seconds) => run((f) => f.message.info(content, seconds)),
      warning: (content, seconds) => run((f) => f.message.warning(content, seconds)),
    },
    notification: {
      success: (args) => run((f) => f.notification.success(args)),
      error: (args) => run((f) => f.notification.error(args)),
      info: (args) => run((f) => f.notification.info(args)),
      warning: (args) => run((f) => f.notification.warning(args)),
      destroy: (key) => run((f) => f.notification.destroy(key)),
    },
    modal: { confirm: (props) => run((f) => f.modal.confirm(props)) },
  };
}

/**
 * The feedback the app hands out, which waits until antd's outlets are in the page: the first
 * call that has to wait says so (`onWait`), and `ready` makes the waiting calls.
 */
function waitingFeedback(onWait: () => void) {
  let loaded: Feedback | undefined;
  let waiting: Call[] = [];
  return {
    feedback: deferredFeedback((call) => {
      if (loaded) return call(loaded);
      waiting.push(call);
      onWait();
    }),
    ready: (outlets: Feedback) => {
      loaded = outlets;
      const calls = waiting;
      waiting = [];
      for (const call of calls) call(outlets);
    },
    drop: () => {
      waiting = [];
    },
  };
}

let loaded: ComponentType<FeedbackHoldersProps> | undefined;

/** Fetches antd's outlets; once they are here, a provider mounted later shows them at once. */
function loadHolders(): Promise<ComponentType<FeedbackHoldersProps>> {
  return import('./FeedbackHolders').then((m) => {
    loaded = m.FeedbackHolders;
    return loaded;
  });
}

/**
 * The app's toasts, notices and confirmations (`useFeedback`), in place of antd's `App`: their
 * code (about 17 KB gzip) is fetched with the first of them, which shows once it has arrived, so
 * a page that has nothing to say loads none of it. A failed fetch drops what waited for it, and
 * the next call tries again. `preload()` fetches it now.
 */
export const FeedbackProvider = Object.assign(FeedbackProviderOf, { preload: loadHolders });

function FeedbackProviderOf({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const [outlet] = useState(() => waitingFeedback(() => setWanted(true)));
  const [Holders, setHolders] = useState(() => loaded);
  useEffect(() => {
    if (!wanted || Holders) return;
    let live = true;
    loadHolders().then(
      (h) => {
        if (live) setHolders(() => h);
      },
      () => {
        outlet.drop();
        setWanted(false);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, Holders, outlet]);
  return (
    <FeedbackContext.Provider value={outlet.feedback}>
      {Holders ? <Holders onReady={outlet.ready} /> : null}
      {children}
    </FeedbackContext.Provider>
  );
}
