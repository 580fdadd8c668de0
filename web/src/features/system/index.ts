/** The system feature's public surface: its section, for super managers (consoles, sign-in). */
export { systemSection } from './routes';
