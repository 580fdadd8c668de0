import type { CronJob } from './cronRows';

/** The job form's values; `state` and `singleMode` as switches. */
export interface CronFormValues {
  expression: string;
  command: string;
  singleMode: boolean;
  logLevel: number;
  description: string;
  enabled: boolean;
  notifyType: number;
  notifyTarget?: string;
}

/** The fields the server may name in a refusal, as the form calls them. */
export const CRON_FIELDS = [
  'expression',
  'command',
  'singleMode',
  'logLevel',
  'description',
  'notifyType',
  'notifyTarget',
] as const;

/** The form's values for a job, or for a new one: every minute, stdout kept, enabled. */
export function cronValuesOf(job?: CronJob): CronFormValues {
  if (!job) {
    return {
      expression: '* * * * *',
      command: '',
      singleMode: false,
      logLevel: 1,
      description: '',
      enabled: true,
      notifyType: 0,
      notifyTarget: '',
    };
  }
  return {
    expression: job.crontabExpression,
    command: job.command,
    singleMode: job.singleMode === 1,
    logLevel: job.logLevel,
    description: job.description,
    enabled: job.state === 1,
    notifyType: job.notifyType,
    notifyTarget: job.notifyTarget,
  };
}

/** The wire fields of the form's values. */
export function cronInputOf(values: CronFormValues) {
  return {
    expression: values.expression.trim(),
    command: values.command,
    singleMode: values.singleMode ? 1 : 0,
    logLevel: values.logLevel,
    description: values.description.trim(),
    state: values.enabled ? 1 : 0,
    notifyType: values.notifyType,
    notifyTarget: values.notifyType === 0 ? '' : (values.notifyTarget ?? '').trim(),
  };
}
