/** The server feature's public surface: the servers section and its pages (the terminal joins them). */
export { serverPages, serverRoute } from './routes';
