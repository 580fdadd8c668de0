/**
 * The deploy feature's public surface: its pages, and the widgets other features embed to show a
 * deploy (the publish log opens the same detail drawer as the deploy page).
 */
export { deployRoutes } from './routes';
export { DeployProgressDrawer } from './components/lazyDialogs';
export { CommitSummary } from './components/CommitSummary';
export { commitInfoOf } from './utils/commitInfo';
