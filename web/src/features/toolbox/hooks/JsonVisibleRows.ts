import { createContext } from 'react';

/**
 * Rows the JSON views show at most at once; the rest scroll. The toolbox dialog asks for fewer,
 * so its input and output share one screen.
 */
export const JsonVisibleRows = createContext(20);
