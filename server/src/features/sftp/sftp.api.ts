export { sftpLogColumns } from './sftp-log-columns.js';
