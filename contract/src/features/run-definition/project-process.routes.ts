import { z } from 'zod';
import { idField, pagedList, pagination, textField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { PROCESS_COMMANDS } from './run-definition-constants.js';
import { optionalCommand } from './run-definition-fields.js';

/** goploy's project_process row: a named process of a project and its shell commands. */
export const projectProcessRow = z.object({
  id: z.number(),
  projectId: z.number(),
  name: z.string(),
  status: z.string(),
  start: z.string(),
  stop: z.string(),
  restart: z.string(),
  insertTime: z.string(),
  updateTime: z.string(),
});

const commands = {
  status: optionalCommand,
  start: optionalCommand,
  stop: optionalCommand,
  restart: optionalCommand,
};

type CommandForm = Record<(typeof PROCESS_COMMANDS)[number], string>;

/** A process runs something: at least one of its four commands is set. */
function someCommand(form: CommandForm, ctx: z.RefinementCtx) {
  if (PROCESS_COMMANDS.every((c) => form[c] === '')) {
    ctx.addIssue({
      code: 'custom',
      path: ['start'],
      message: 'or one of status, stop, restart is required',
    });
  }
}

/** A name unique in the project, and the commands. */
const processForm = { name: textField(1, 255), ...commands };

/**
 * goploy's route: a project's processes, newest first, a page at a time; ours: with goploy's
 * pagination object (`{page, rows, total}`) beside the list.
 */
export const getProcessList = route({
  method: 'GET',
  path: '/project/getProcessList',
  access: anyOf(Perm.ProcessManager),
  input: z.object({ projectId: idField, ...pagination }),
  output: pagedList(projectProcessRow),
});

/** goploy's route. */
export const addProcess = route({
  method: 'POST',
  path: '/project/addProcess',
  access: anyOf(Perm.ProcessManager),
  input: z.object({ projectId: idField, ...processForm }).superRefine(someCommand),
  output: z.object({ id: z.number() }),
});

/** goploy's route; the process stays with its project. */
export const editProcess = route({
  method: 'PUT',
  path: '/project/editProcess',
  access: anyOf(Perm.ProcessManager),
  input: z.object({ id: idField, ...processForm }).superRefine(someCommand),
  output: z.null(),
});

/** goploy's route. */
export const deleteProcess = route({
  method: 'DELETE',
  path: '/project/deleteProcess',
  access: anyOf(Perm.ProcessManager),
  input: z.object({ id: idField }),
  output: z.null(),
});
