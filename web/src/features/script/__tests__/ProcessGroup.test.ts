import { describe, expect, it } from 'vitest';
import { groupForm, groupInput, type ProcessGroup } from '../utils/ProcessGroup';

const group: ProcessGroup = {
  id: 4,
  namespaceId: 1,
  name: 'app',
  items: '',
  itemList: [{ name: 'restart', command: 'systemctl restart app' }],
  insertTime: '',
  updateTime: '',
};

describe('process group form', () => {
  it('starts a new group with one empty button and an existing one with a copy of its buttons', () => {
    expect(groupForm(undefined)).toEqual({ name: '', items: [{ name: '', command: '' }] });
    const form = groupForm(group);
    expect(form).toEqual({ name: 'app', items: group.itemList });
    expect(form.items[0]).not.toBe(group.itemList[0]);
  });

  it('sends names and commands trimmed, every row in its place', () => {
    expect(
      groupInput({
        name: ' app ',
        items: [
          { name: ' tail ', command: ' tail -f log ' },
          { name: '', command: '  ' },
          { name: 'x', command: '' },
        ],
      }),
    ).toEqual({
      name: 'app',
      items: [
        { name: 'tail', command: 'tail -f log' },
        { name: '', command: '' },
        { name: 'x', command: '' },
      ],
    });
  });
});
