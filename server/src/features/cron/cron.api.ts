export { cronColumnsOf } from './cron-columns.js';
