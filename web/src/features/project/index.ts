/**
 * The project feature's public surface: its pages, and how a project's environment and labels
 * look wherever projects are listed.
 */
export { EnvironmentTag } from './components/EnvironmentTag';
export { LabelTags } from './components/LabelTags';
export { projectRoutes } from './routes';
export { splitLabels } from './utils/labels';
