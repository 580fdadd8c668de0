/** The notification feature's public surface: its page, in the members section. */
export { notificationRoute } from './routes';
