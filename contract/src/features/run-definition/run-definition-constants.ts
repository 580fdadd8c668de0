/** The zod-free limits of saved scripts and processes, for the server and the browser alike. */

/** The programs a saved script runs with; goploy's scripts are all bash. */
export const SCRIPT_INTERPRETERS = ['bash', 'sh', 'python'] as const;
export type ScriptInterpreter = (typeof SCRIPT_INTERPRETERS)[number];

/** The largest saved script, in UTF-8 bytes. */
export const SCRIPT_MAX_BYTES = 64 * 1024;
/** The largest single command of a process (a button or a status/start/stop/restart command). */
export const COMMAND_MAX_CHARS = 8192;
/** How many buttons one server process group may hold. */
export const PROCESS_ITEMS_MAX = 50;
/** The four commands of a project process; a process has at least one. */
export const PROCESS_COMMANDS = ['status', 'start', 'stop', 'restart'] as const;
