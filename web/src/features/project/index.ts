/** The project feature's public surface: its pages, and the add button other pages embed. */
export { projectRoutes } from './routes';
export { AddProjectButton } from './components/AddProjectButton';
