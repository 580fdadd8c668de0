import type { RouteParsed, cronRoutes } from '@ferry/contract';

type Form = Omit<RouteParsed<typeof cronRoutes.add>, 'serverId' | 'resolve'>;

/** The columns of a job saved from the add (or edit) form, its notify address's column (sealed) as given. */
export const cronColumnsOf = (form: Form, notifyTarget: string) => ({
  expression: form.expression,
  command: form.command,
  single_mode: form.singleMode,
  log_level: form.logLevel,
  description: form.description,
  state: form.state,
  notify_type: form.notifyType,
  notify_target: notifyTarget,
});
