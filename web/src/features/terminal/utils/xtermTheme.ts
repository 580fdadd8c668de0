import type { ITheme } from '@xterm/xterm';
import type { ThemeMode } from '../../../platform';

/** The terminal's font: the platform's monospace faces, then the generic one. */
export const TERMINAL_FONT =
  "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', 'DejaVu Sans Mono', monospace";

const dark: ITheme = {
  background: '#141414',
  foreground: '#e6e6e6',
  cursor: '#e6e6e6',
  cursorAccent: '#141414',
  selectionBackground: '#3a5a8c',
};

/**
 * xterm's default colours are made for a dark background; on a light one, yellow, white and the
 * bright colours need darker shades to stay readable.
 */
const light: ITheme = {
  background: '#ffffff',
  foreground: '#1f1f1f',
  cursor: '#1f1f1f',
  cursorAccent: '#ffffff',
  selectionBackground: '#b4d5fe',
  black: '#1f1f1f',
  red: '#c4302b',
  green: '#2e7d32',
  yellow: '#8d6e00',
  blue: '#1a5fb4',
  magenta: '#8e3aa8',
  cyan: '#00757f',
  white: '#8c8c8c',
  brightBlack: '#595959',
  brightRed: '#e0443e',
  brightGreen: '#3a9a3f',
  brightYellow: '#a67f00',
  brightBlue: '#2f78d6',
  brightMagenta: '#a64fc2',
  brightCyan: '#00919c',
  brightWhite: '#595959',
};

/** The terminal colours for the app's light or dark mode. */
export function xtermTheme(mode: ThemeMode): ITheme {
  return mode === 'dark' ? dark : light;
}
