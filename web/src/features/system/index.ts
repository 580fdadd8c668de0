/** The system feature's public surface: its section, for super managers (the consoles page). */
export { systemSection } from './routes';
