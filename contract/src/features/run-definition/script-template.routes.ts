import { z } from 'zod';
import { idField, intField, optionalText, textField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { MAX_SCRIPT_BYTES, SCRIPT_INTERPRETERS } from '../script/script-constants.js';
import { scriptText } from './run-definition-fields.js';

/**
 * goploy's saved scripts of the Script page (its `template` table). goploy keeps them global and
 * open to anyone logged in; ours belong to a namespace and open to ShowServerScriptPage (77).
 */
export const scriptTemplateRow = z.object({
  id: z.number(),
  /** goploy's kind of template (its Script page uses 1). */
  type: z.number(),
  name: z.string(),
  content: z.string(),
  description: z.string(),
  /** Ours: the program the script runs with. */
  interpreter: z.enum(SCRIPT_INTERPRETERS),
  insertTime: z.string(),
  updateTime: z.string(),
});

const templateForm = {
  type: intField(1, 255),
  /** Unique within the namespace and type. */
  name: textField(1, 255),
  content: scriptText(MAX_SCRIPT_BYTES, '64 KiB'),
  description: optionalText(2047),
  /** Ours; goploy's clients leave it out and get bash. */
  interpreter: z
    .enum(SCRIPT_INTERPRETERS, `must be one of ${SCRIPT_INTERPRETERS.join(', ')}`)
    .optional()
    .default('bash'),
};

/** goploy's route: the namespace's templates of one type, newest first. */
export const getOption = route({
  method: 'GET',
  path: '/template/getOption',
  access: anyOf(Perm.ShowServerScriptPage),
  input: z.object({ type: intField(1, 255) }),
  output: z.object({ list: z.array(scriptTemplateRow) }),
});

/** goploy's route. */
export const add = route({
  method: 'POST',
  path: '/template/add',
  access: anyOf(Perm.ShowServerScriptPage),
  input: z.object(templateForm),
  output: z.object({ id: z.number() }),
});

/** Ours: goploy can only add and remove a template. */
export const edit = route({
  method: 'PUT',
  path: '/template/edit',
  access: anyOf(Perm.ShowServerScriptPage),
  input: z.object({ id: idField, ...templateForm }),
  output: z.null(),
});

/** goploy's route. */
export const remove = route({
  method: 'DELETE',
  path: '/template/remove',
  access: anyOf(Perm.ShowServerScriptPage),
  input: z.object({ id: idField }),
  output: z.null(),
});
