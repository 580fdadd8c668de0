import type { Identity, NamespaceOption } from './session';

/**
 * The namespace to work in after login (product.md §3): the one the server proposes (the user's
 * last, kept per user) if still in the list, else the remembered one if the user is still a
 * member of it, else the last of the list. The role and name come from the list, never from what
 * was stored. Undefined when the list is empty.
 */
export function chooseNamespace(
  list: readonly NamespaceOption[],
  stored: Pick<Identity, 'id'> | undefined,
  proposedId = 0,
): Identity | undefined {
  const find = (id: number | undefined) =>
    id !== undefined && id > 0 ? list.find((n) => n.namespaceId === id) : undefined;
  const pick = find(proposedId) ?? find(stored?.id) ?? list.at(-1);
  return pick ? { id: pick.namespaceId, name: pick.namespaceName, roleId: pick.roleId } : undefined;
}
