/** The member feature's public surface: the members section and its pages (notifications join them). */
export { memberPages, memberRoute } from './routes';
