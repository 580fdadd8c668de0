import type { RuleFormula, RuleOperator } from '@ferry/contract/client';
import type { WarningRule } from './metricsRows';

/** The rule form's fields: goploy's rule and where its alert goes. */
export interface RuleFormValues {
  item: string;
  formula: RuleFormula;
  operator: RuleOperator;
  value: number;
  groupCycle: number;
  lastCycle: number;
  silentCycle: number;
  startTime: string;
  endTime: string;
  notifyType: number;
  notifyTarget: string;
}

/** A new rule: the average over 5 minutes at or above 80, all day, alerted once every 30 minutes. */
export const NEW_RULE: RuleFormValues = {
  item: '',
  formula: 'avg',
  operator: '>=',
  value: 80,
  groupCycle: 5,
  lastCycle: 1,
  silentCycle: 30,
  startTime: '00:00',
  endTime: '23:59',
  notifyType: 0,
  notifyTarget: '',
};

/** The form's values of a rule to edit, or a new rule's. */
export function ruleValuesOf(rule: WarningRule | undefined): RuleFormValues {
  if (!rule) return NEW_RULE;
  return {
    item: rule.item,
    formula: rule.formula as RuleFormula,
    operator: rule.operator as RuleOperator,
    value: rule.value,
    groupCycle: rule.groupCycle,
    lastCycle: rule.lastCycle,
    silentCycle: rule.silentCycle,
    startTime: rule.startTime,
    endTime: rule.endTime,
    notifyType: rule.notifyType,
    notifyTarget: rule.notifyTarget,
  };
}

/** The rule's form fields as the wire names them, for refusals (code 10003). */
export const RULE_FIELDS = Object.keys(NEW_RULE);
