import type { Identity, NamespaceOption } from './session';

/**
 * The namespace to work in after login (product.md §3): the remembered one if the user is still a
 * member of it, else the last of the list. The role and name come from the list, never from what
 * was stored. Undefined when the list is empty.
 */
export function chooseNamespace(
  list: readonly NamespaceOption[],
  stored: Pick<Identity, 'id'> | undefined,
): Identity | undefined {
  const kept = stored && stored.id > 0 ? list.find((n) => n.namespaceId === stored.id) : undefined;
  const pick = kept ?? list.at(-1);
  return pick ? { id: pick.namespaceId, name: pick.namespaceName, roleId: pick.roleId } : undefined;
}
