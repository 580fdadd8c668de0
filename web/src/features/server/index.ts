/**
 * The server feature's public surface: the servers section and its pages (the terminal joins
 * them), and the console's public key for forms that offer logging in with it.
 */
export { ConsoleKeyView } from './components/ConsoleKeyView';
export { serverPages, serverRoute } from './routes';
