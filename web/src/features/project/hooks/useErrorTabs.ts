import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { tabOf, type ProjectTab } from '../utils/projectFields';
import type { ProjectFormValues } from '../utils/projectForm';

/**
 * The tabs whose fields show an error now. `refresh` reads them from the form again: after a
 * field changes, a save is refused, or the server names a field.
 */
export function useErrorTabs(form: FormInstance<ProjectFormValues>) {
  const [tabs, setTabs] = useState<ReadonlySet<ProjectTab>>(new Set());
  const refresh = useCallback(() => {
    const next = new Set<ProjectTab>();
    for (const f of form.getFieldsError()) {
      const tab = f.errors.length > 0 ? tabOf(f.name) : undefined;
      if (tab) next.add(tab);
    }
    setTabs((prev) =>
      prev.size === next.size && [...next].every((t) => prev.has(t)) ? prev : next,
    );
  }, [form]);
  return { tabs, refresh };
}
