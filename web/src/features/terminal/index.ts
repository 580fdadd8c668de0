/** The terminal feature's public surface: the terminal page and the terminal session log. */
export { terminalLogRoute, terminalRoute } from './routes';
