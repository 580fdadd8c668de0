/**
 * The log feature's public surface: the logs section and its pages (the terminal log joins them;
 * the SFTP log follows it).
 */
export { logPages, logRoute, sftpLogRoute } from './routes';
