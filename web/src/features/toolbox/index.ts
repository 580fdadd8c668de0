/** The toolbox feature's public surface: the Tools pages and the navbar's dialog (loaded lazily). */
export { LazyToolboxDialog } from './components/LazyToolboxDialog';
export { toolboxRoutes } from './routes';
