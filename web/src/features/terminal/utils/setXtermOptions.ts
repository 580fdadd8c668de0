import type { FitAddon } from '@xterm/addon-fit';
import type { ITheme, Terminal } from '@xterm/xterm';
import { fitXterm } from './fitXterm';

/**
 * Sets a live terminal's font size and colours (xterm applies option changes at once); a new
 * font size changes how many columns and rows fit, so the terminal is refitted.
 */
export function setXtermOptions(
  xterm: { term: Terminal; fit: FitAddon },
  options: { fontSize: number; theme: ITheme },
): void {
  const { term } = xterm;
  term.options.theme = options.theme;
  if (term.options.fontSize === options.fontSize) return;
  term.options.fontSize = options.fontSize;
  fitXterm(xterm);
}
