import { startTestFile } from './test-db.js';

// The PostgreSQL project's set-up file, run before each test file: the worker's files share their
// modules (`isolate: false`), and each file still gets a database of its own.
await startTestFile();
