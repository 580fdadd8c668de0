import type { DeployRow } from './DeployRow';

export type CustomVariable = DeployRow['script']['customVariables'][number];

/** The choices of a list variable: its comma-separated value, trimmed, without blanks. */
export function variableOptions(variable: CustomVariable): string[] {
  return (variable.value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The form's starting values: a string's default, a list's first option. */
export function initialVariableValues(
  variables: readonly CustomVariable[],
): Record<string, string> {
  return Object.fromEntries(
    variables.map((v) => [
      v.name,
      v.type === 'list' ? (variableOptions(v)[0] ?? '') : (v.value ?? ''),
    ]),
  );
}

/** What publish takes: every variable of the project with the value chosen. */
export function variablesToSend(
  variables: readonly CustomVariable[],
  values: Record<string, string | undefined>,
): { name: string; value: string }[] {
  return variables.map((v) => ({ name: v.name, value: values[v.name] ?? '' }));
}
