/** What the app and its tests take from the schedule feature. */
export interface ScheduleApi {
  /** Runs every scheduled deploy due now, once (tests; the running ticker does this itself). */
  runDue: () => Promise<void>;
}

export { newTaskColumns } from './task-columns.js';
