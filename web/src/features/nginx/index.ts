/** Nginx management: the `/server/nginx` page of the servers section. */
export { nginxRoute } from './routes';
