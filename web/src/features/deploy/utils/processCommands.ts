import { PROCESS_COMMANDS } from '@ferry/contract/client';

/** A command of a project process. */
export type ProcessCommand = (typeof PROCESS_COMMANDS)[number];

/** The commands a process has, in goploy's order (status, start, stop, restart). */
export function processCommands(row: Record<ProcessCommand, string>): ProcessCommand[] {
  return PROCESS_COMMANDS.filter((c) => row[c].trim() !== '');
}
