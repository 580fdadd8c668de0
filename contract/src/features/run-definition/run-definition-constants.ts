/** The zod-free limits of saved scripts and processes, for the server and the browser alike. */

/*
 * A saved script runs with one of the remote runs' interpreters (`SCRIPT_INTERPRETERS` of
 * script-constants.ts; goploy's scripts are all bash) and holds at most `MAX_SCRIPT_BYTES`.
 */
/** The largest single command of a process (a button or a status/start/stop/restart command). */
export const COMMAND_MAX_CHARS = 8192;
/** How many buttons one server process group may hold. */
export const PROCESS_ITEMS_MAX = 50;
/** The four commands of a project process; a process has at least one. */
export const PROCESS_COMMANDS = ['status', 'start', 'stop', 'restart'] as const;
