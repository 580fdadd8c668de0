import { startTestFile } from './test-db.js';

// The PostgreSQL project's workers run file after file in one module graph: each file starts on
// a database of its own (`test-db.ts`).
startTestFile();
