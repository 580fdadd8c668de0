import type { OperationEntry } from '../../core/http/operation-log-hook.js';

/** What the app takes from the log feature: where the operation log hook writes. */
export interface LogApi {
  recordOperation: (entry: OperationEntry) => Promise<void>;
}
