/** The monitor feature's public surface: the monitors section and its list page. */
export { monitorSection } from './routes';
