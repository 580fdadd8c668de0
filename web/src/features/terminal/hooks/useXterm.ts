import '@xterm/xterm/css/xterm.css';
import { FitAddon } from '@xterm/addon-fit';
import { SearchAddon } from '@xterm/addon-search';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { WebLinksAddon } from '@xterm/addon-web-links';
import { Terminal } from '@xterm/xterm';
import { useCallback, useEffect, useState } from 'react';
import type { ThemeMode } from '../../../platform';
import { fitXterm } from '../utils/fitXterm';
import { setXtermOptions } from '../utils/setXtermOptions';
import { TERMINAL_FONT, xtermTheme } from '../utils/xtermTheme';

/** A terminal on screen and the addons the page drives. */
export interface Xterm {
  term: Terminal;
  fit: FitAddon;
  search: SearchAddon;
}

function createXterm(element: HTMLElement, fontSize: number, mode: ThemeMode): Xterm {
  const term = new Terminal({
    fontFamily: TERMINAL_FONT,
    fontSize,
    theme: xtermTheme(mode),
    scrollback: 5000,
    cursorBlink: true,
    // The unicode11 addon uses the proposed `unicode` API (correct widths for CJK and emoji).
    allowProposedApi: true,
  });
  const fit = new FitAddon();
  const search = new SearchAddon();
  term.loadAddon(fit);
  term.loadAddon(search);
  term.loadAddon(new WebLinksAddon());
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
  term.open(element);
  return { term, fit, search };
}

/**
 * An xterm.js terminal in the element given to `ref`, disposed with it. Font size and colours
 * follow the arguments; a new font size refits the terminal to its box.
 */
export function useXterm(fontSize: number, mode: ThemeMode) {
  const [xterm, setXterm] = useState<Xterm>();
  const [initial] = useState({ fontSize, mode });

  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return;
      const created = createXterm(element, initial.fontSize, initial.mode);
      // Fitted before the session opens, so the socket's address carries the real size.
      fitXterm(created);
      setXterm(created);
      return () => {
        setXterm(undefined);
        created.term.dispose();
      };
    },
    [initial],
  );

  useEffect(() => {
    if (xterm) setXtermOptions(xterm, { fontSize, theme: xtermTheme(mode) });
  }, [xterm, fontSize, mode]);

  return { ref, xterm };
}
