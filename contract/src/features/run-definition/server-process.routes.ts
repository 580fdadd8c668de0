import { z } from 'zod';
import { idField, stringField, textField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { COMMAND_MAX_CHARS, PROCESS_ITEMS_MAX } from './run-definition-constants.js';

/** One button of a server process group: a name and the command it runs. */
export const processItem = z.object({
  /** Unique within the group. */
  name: textField(1, 100),
  command: stringField()
    .trim()
    .min(1, 'must not be empty')
    .max(COMMAND_MAX_CHARS, `must be at most ${COMMAND_MAX_CHARS} characters`),
});
export type ProcessItem = z.output<typeof processItem>;

const ITEMS_RULE = 'must be a list of {name, command} (an array, or its JSON text)';

/**
 * goploy sends the buttons as the JSON text of `[{name, command}]`; an array is taken too, and
 * '' is an empty group. Keys other than name and command are dropped.
 */
export const processItemsField = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return [];
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z
    .array(processItem, { error: ITEMS_RULE })
    .max(PROCESS_ITEMS_MAX, `must hold at most ${PROCESS_ITEMS_MAX} items`)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.name)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'name'],
            message: 'must be unique in the group',
          });
        }
        seen.add(item.name);
      });
    }),
);

/** goploy's server_process row; `items` is the JSON text of `[{name, command}]`, as goploy's. */
export const serverProcessRow = z.object({
  id: z.number(),
  namespaceId: z.number(),
  name: z.string(),
  items: z.string(),
  insertTime: z.string(),
  updateTime: z.string(),
});

const groupForm = {
  /** Unique within the namespace. */
  name: textField(1, 255),
  items: processItemsField,
};

/** goploy's route: the namespace's groups, newest first. */
export const getProcessList = route({
  method: 'GET',
  path: '/server/getProcessList',
  access: anyOf(Perm.ShowServerProcessPage),
  input: z.object({}),
  output: z.object({ list: z.array(serverProcessRow) }),
});

/** goploy's route. */
export const addProcess = route({
  method: 'POST',
  path: '/server/addProcess',
  access: anyOf(Perm.AddServerProcess),
  input: z.object(groupForm),
  output: z.object({ id: z.number() }),
});

/** goploy's route: the buttons are replaced wholesale. */
export const editProcess = route({
  method: 'PUT',
  path: '/server/editProcess',
  access: anyOf(Perm.EditServerProcess),
  input: z.object({ id: idField, ...groupForm }),
  output: z.null(),
});

/** goploy's route. */
export const deleteProcess = route({
  method: 'DELETE',
  path: '/server/deleteProcess',
  access: anyOf(Perm.DeleteServerProcess),
  input: z.object({ id: idField }),
  output: z.null(),
});
