/** The login feature's public surface: its page. */
export { loginRoute } from './routes';
