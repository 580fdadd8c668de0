/**
 * The SFTP feature's public surface: the file manager page, and its text editor (CodeMirror,
 * loaded on first use) for other features editing files.
 */
export { sftpRoute } from './routes';
export { LazyTextEditor } from './components/LazyTextEditor';
