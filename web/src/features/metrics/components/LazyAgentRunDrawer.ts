import { loadNamespaces } from '../../../platform';
import { lazyDialog } from '../../../ui/lazyDialog';

/** The agent install drawer, with the run panes' texts, loaded the first time it opens. */
export const LazyAgentRunDrawer = lazyDialog(() =>
  Promise.all([import('./AgentRunDrawer'), loadNamespaces('script')]).then(
    ([m]) => m.AgentRunDrawer,
  ),
);
