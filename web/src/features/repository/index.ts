/**
 * The repository feature's public surface: the drawers that show a project's working copy (the
 * repository browser and file compare), each loaded with its first opening.
 */
export { RepositoryDrawer, FileCompareDrawer } from './components/lazyDialogs';
export type { RepositoryProject } from './utils/RepositoryProject';
