import { fireEvent, screen, waitFor, within } from '@testing-library/react';

/**
 * Opens the More menu of the table row named `name` and returns that menu, to pick or look for
 * an action in it (the menu opens outside the table, after any menu opened before it).
 */
export async function openRowMenu(name: string) {
  fireEvent.click(screen.getByLabelText(`More actions for ${name}`, { selector: 'button' }));
  const menu = await waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.ant-dropdown-menu')].at(-1);
    if (!open) throw new Error(`no menu for ${name}`);
    return open;
  });
  return within(menu);
}

/** The item labelled `label` in an open row menu. */
export function menuItem(
  menu: Awaited<ReturnType<typeof openRowMenu>>,
  label: string,
): HTMLElement {
  const item = menu.getByText(label).closest<HTMLElement>('[role="menuitem"]');
  if (!item) throw new Error(`no ${label} in the menu`);
  return item;
}
