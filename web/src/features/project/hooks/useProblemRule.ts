import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { ruleKey, type RuleKey } from '../utils/ruleText';

/**
 * A form rule from one of the contract's checks (which answer the broken rule's text, or nothing):
 * the browser refuses what the server would, with the message in the user's language. An empty
 * value passes: whether one is needed is a `required` rule's business.
 */
export function useProblemRule(): (
  check: (value: string) => string | undefined,
  fallback: RuleKey,
) => FormRule {
  const { t } = useTranslation('project');
  return (check, fallback) => ({
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      // An empty field is the `required` rule's to judge, with its own message.
      const problem = text === '' ? undefined : check(text);
      if (problem) throw new Error(t(`rule.${ruleKey(problem, fallback)}`));
    },
  });
}
