/** Every tool, in the order of the dialog's tabs (product.md §1). */
export const TOOLS = [
  'time',
  'json',
  'password',
  'unicode',
  'uri',
  'md5',
  'cron',
  'qr',
  'byte',
  'color',
] as const;
export type ToolKey = (typeof TOOLS)[number];

/** The panels of the Tools page (product.md §2): variant one, then variant two. */
export const PAGE_MODES = ['time', 'json', 'password', 'unicode', 'cron', 'byte', 'color'] as const;
export type ToolboxMode = (typeof PAGE_MODES)[number];

export function isToolboxMode(value: unknown): value is ToolboxMode {
  return PAGE_MODES.includes(value as ToolboxMode);
}

/** /toolbox/index?mode=…: the panel on screen; an unknown or missing mode shows the first. */
export interface ToolboxSearch {
  mode: ToolboxMode;
}

export function validateToolboxSearch(search: Record<string, unknown>): ToolboxSearch {
  return { mode: isToolboxMode(search.mode) ? search.mode : PAGE_MODES[0] };
}
