/** The monitor feature's public surface: the monitors section and its list page, and where an alert goes. */
export { monitorSection } from './routes';
export { NotifyFields } from './components/NotifyFields';
