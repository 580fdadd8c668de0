import { z } from 'zod';
import { idField, intField, textField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { notifyFields, notifyProblem } from '../monitor/monitor.routes.js';
import {
  MAX_METRIC_ITEM_CHARS,
  MAX_RULE_LAST_CYCLE,
  MAX_RULE_SILENT_CYCLE,
  MIN_RULE_LAST_CYCLE,
  MIN_RULE_SILENT_CYCLE,
  RULE_FORMULAS,
  RULE_GROUP_CYCLES,
  RULE_OPERATORS,
  RULE_STATES,
} from './metrics-constants.js';

const NUMBER_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The threshold: a number, or the text of one as goploy's forms send it ("80", "9.5"); any other
 * text is refused, never compared as text.
 */
export const thresholdField = z.preprocess(
  (v) => (typeof v === 'string' && NUMBER_TEXT.test(v) ? Number(v) : v),
  z
    .number({
      error: (iss) => (iss.input === undefined ? 'is required' : 'must be a number'),
    })
    .refine(Number.isFinite, 'must be a finite number'),
);

/** A time of day, "HH:MM" from 00:00 to 23:59. */
const timeOfDayField = z
  .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a string') })
  .regex(TIME_OF_DAY, 'must be a time of day HH:MM from 00:00 to 23:59');

const oneOf = (values: readonly (string | number)[]) => `must be one of ${values.join(', ')}`;

/** goploy's rule fields; our defaults where its forms always send a value. */
const ruleFields = {
  item: textField(1, MAX_METRIC_ITEM_CHARS),
  formula: z.enum(RULE_FORMULAS, oneOf(RULE_FORMULAS)),
  operator: z.enum(RULE_OPERATORS, oneOf(RULE_OPERATORS)),
  value: thresholdField,
  /** Minutes aggregated per evaluation: the rule is evaluated at the end of each such window. */
  groupCycle: intField(1, 60).refine(
    (n) => (RULE_GROUP_CYCLES as readonly number[]).includes(n),
    oneOf(RULE_GROUP_CYCLES),
  ),
  /** Breaching windows in a row before the alert. */
  lastCycle: intField(MIN_RULE_LAST_CYCLE, MAX_RULE_LAST_CYCLE),
  /** Minutes after an alert before it is repeated while the value still breaches. */
  silentCycle: intField(MIN_RULE_SILENT_CYCLE, MAX_RULE_SILENT_CYCLE),
  /** The rule is evaluated from startTime to endTime inclusive; the span may cross midnight. */
  startTime: timeOfDayField.optional().default('00:00'),
  endTime: timeOfDayField.optional().default('23:59'),
  ...notifyFields,
};

const withNotifyProblem = <T extends z.ZodType<{ notifyType: number; notifyTarget: string }>>(
  schema: T,
) =>
  schema.superRefine((v, ctx) => {
    const problem = notifyProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });

/** goploy's `server_monitor` row, plus ours: the evaluation's state. */
export const warningRuleRow = z.object({
  id: z.number(),
  serverId: z.number(),
  item: z.string(),
  formula: z.string(),
  operator: z.string(),
  value: z.number(),
  groupCycle: z.number(),
  lastCycle: z.number(),
  silentCycle: z.number(),
  startTime: z.string(),
  endTime: z.string(),
  notifyType: z.number(),
  /** The address with its secret parts masked (`maskNotifyTarget`). */
  notifyTarget: z.string(),
  insertTime: z.string(),
  updateTime: z.string(),
  /** ok, breaching (fewer windows than lastCycle), alerted (this window), silent (after one). */
  state: z.enum(RULE_STATES),
  /** The aggregate of the last window evaluated; null before the first or when it had no sample. */
  lastValue: z.number().nullable(),
  /** The end of the last window evaluated; '' before the first. */
  lastEvalTime: z.string(),
  /** Breaching windows in a row. */
  breachCount: z.number(),
  /** The last alert sent; '' when none. */
  lastAlertTime: z.string(),
});
export type WarningRuleRow = z.output<typeof warningRuleRow>;

/** goploy's route: the namespace's rules on a server it may use. */
export const getAllMonitor = route({
  method: 'GET',
  path: '/server/getAllMonitor',
  access: anyOf(Perm.ShowServerMonitorPage),
  input: z.object({ serverId: idField }),
  output: z.object({ list: z.array(warningRuleRow) }),
});

/** goploy's route: a rule of the caller's namespace on a server it may use. */
export const addMonitor = route({
  method: 'POST',
  path: '/server/addMonitor',
  access: anyOf(Perm.AddServerWarningRule),
  input: withNotifyProblem(z.object({ serverId: idField, ...ruleFields })),
  output: z.object({ id: z.number() }),
});

/**
 * goploy's route: the whole form again (goploy's sends no serverId: the rule keeps its server).
 * The evaluation starts anew: state ok, no breaching window counted.
 */
export const editMonitor = route({
  method: 'PUT',
  path: '/server/editMonitor',
  access: anyOf(Perm.EditServerWarningRule),
  input: withNotifyProblem(z.object({ id: idField, serverId: idField.optional(), ...ruleFields })),
  output: z.null(),
});

/**
 * Ours: the rule's notification address in full (answers show it masked), for whoever may edit
 * the rule. A POST, so the operation log records who read it (the address as `***`).
 */
export const showMonitorNotifyTarget = route({
  method: 'POST',
  path: '/server/showMonitorNotifyTarget',
  access: anyOf(Perm.EditServerWarningRule),
  input: z.object({ id: idField }),
  output: z.object({ notifyTarget: z.string() }),
  secretOutput: true,
});

/** goploy's route. */
export const deleteMonitor = route({
  method: 'DELETE',
  path: '/server/deleteMonitor',
  access: anyOf(Perm.DeleteServerWarningRule),
  input: z.object({ id: idField }),
  output: z.null(),
});
