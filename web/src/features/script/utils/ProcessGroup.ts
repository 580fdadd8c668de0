import type { ProcessItem } from '@ferry/contract/client';
import type { useServerProcesses } from '../hooks/useServerProcesses';

/** A server process group as the page shows it: goploy's row with its buttons parsed. */
export type ProcessGroup = NonNullable<ReturnType<typeof useServerProcesses>['data']>[number];

/** What the group drawer edits. */
export interface ProcessGroupForm {
  name: string;
  items: ProcessItem[];
}

/** The drawer's values for `group`, or for a new group (one empty button to fill in). */
export function groupForm(group: ProcessGroup | undefined): ProcessGroupForm {
  if (!group) return { name: '', items: [{ name: '', command: '' }] };
  return { name: group.name, items: group.itemList.map((i) => ({ ...i })) };
}

/**
 * The form's values as the server takes them, names and commands trimmed. Every row is sent, so
 * a refusal naming `items.<n>` points at the row the user sees as the n-th.
 */
export function groupInput(form: ProcessGroupForm): ProcessGroupForm {
  return {
    name: form.name.trim(),
    items: (form.items ?? []).map((i) => ({
      name: (i?.name ?? '').trim(),
      command: (i?.command ?? '').trim(),
    })),
  };
}
