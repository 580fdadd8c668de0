export { isAsciicastV2, storeRecording } from './recording-copy.js';
export { terminalLogColumns } from './terminal-log-columns.js';
