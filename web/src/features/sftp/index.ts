/** The SFTP feature's public surface: the file manager page. */
export { sftpRoute } from './routes';
