import { screen } from '@testing-library/react';

/** Waits for a table cell showing `text`, long enough for a page's chunk to load on first use. */
export const findCell = (text: string) =>
  screen.findByText(text, { selector: 'td' }, { timeout: 5000 });
