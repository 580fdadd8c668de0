import type { ProcessItem } from '@ferry/contract';

/**
 * A server process group's buttons as stored: the JSON text goploy keeps, with exactly the keys
 * goploy's clients read.
 */
export const processItemsText = (items: ProcessItem[]) =>
  JSON.stringify(items.map((i) => ({ name: i.name, command: i.command })));
