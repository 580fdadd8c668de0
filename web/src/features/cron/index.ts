/** The cron feature's public surface: its page in the servers section. */
export { cronRoute } from './routes';
