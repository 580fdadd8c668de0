import { waitFor, within } from '@testing-library/react';

/**
 * Waits for the open dialog (a drawer, a confirmation over it) that shows `text`, and returns
 * queries within it. A selector rather than a role query: those crawl the page behind slowly.
 */
export const dialogWith = (text: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
      (d) => within(d).queryAllByText(text).length > 0,
    );
    if (!found) throw new Error(`no dialog with ${text}`);
    return within(found);
  });
