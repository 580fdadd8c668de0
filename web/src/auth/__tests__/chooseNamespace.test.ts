import { describe, expect, it } from 'vitest';
import { chooseNamespace } from '../chooseNamespace';

const list = [
  { namespaceId: 1, namespaceName: 'goploy', roleId: 0 },
  { namespaceId: 4, namespaceName: 'shop', roleId: 2 },
  { namespaceId: 9, namespaceName: 'ops', roleId: 1 },
];

describe('chooseNamespace', () => {
  it('keeps the stored namespace while the user is still a member', () => {
    expect(chooseNamespace(list, { id: 4 })).toEqual({ id: 4, name: 'shop', roleId: 2 });
  });

  it('takes the last of the list when nothing is stored', () => {
    expect(chooseNamespace(list, { id: 0 })).toEqual({ id: 9, name: 'ops', roleId: 1 });
    expect(chooseNamespace(list, undefined)).toEqual({ id: 9, name: 'ops', roleId: 1 });
  });

  it('takes the last of the list when the stored namespace is gone', () => {
    expect(chooseNamespace(list, { id: 5 })).toEqual({ id: 9, name: 'ops', roleId: 1 });
  });

  it('takes the name and role from the list, not from storage', () => {
    const renamed = [{ namespaceId: 4, namespaceName: 'shop-eu', roleId: 1 }];
    expect(chooseNamespace(renamed, { id: 4 })).toEqual({ id: 4, name: 'shop-eu', roleId: 1 });
  });

  it('takes the namespace the server proposes before the stored one', () => {
    expect(chooseNamespace(list, { id: 4 }, 1)).toEqual({ id: 1, name: 'goploy', roleId: 0 });
    expect(chooseNamespace(list, undefined, 4)).toEqual({ id: 4, name: 'shop', roleId: 2 });
  });

  it('ignores a proposal outside the list or none at all', () => {
    expect(chooseNamespace(list, { id: 4 }, 7)).toEqual({ id: 4, name: 'shop', roleId: 2 });
    expect(chooseNamespace(list, undefined, 0)).toEqual({ id: 9, name: 'ops', roleId: 1 });
  });

  it('chooses nothing from an empty list', () => {
    expect(chooseNamespace([], { id: 4 })).toBeUndefined();
  });
});
