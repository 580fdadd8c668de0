export type {
  MonitorCheckRunner,
  MonitorScriptRunner,
  ScriptOutcome,
} from './engine/monitor-deps.js';
export type { MonitorEngineOptions } from './engine/monitor-engine.js';

/** What the console (and tests) may ask of monitors. */
export interface MonitorApi {
  /** Checks the monitors due now and waits for them, results written (tests; a ticker runs it). */
  runDue: () => Promise<void>;
  /** Removes raw results past the retention and old roll-ups (also at start and hourly). */
  prune: () => Promise<number>;
}
export { monitorColumnsOf, newMonitorState } from './monitor-columns.js';
