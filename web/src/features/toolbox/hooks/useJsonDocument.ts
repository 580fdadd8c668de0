import { useCallback, useEffect, useRef, useState } from 'react';
import { parseJsonInput, type JsonParseResult } from '../utils/jsonParse';

export type JsonView = 'raw' | 'pretty';

/** How long typing pauses before the input is parsed again; a paste parses at once. */
export const JSON_TYPING_PAUSE_MS = 400;

interface Parsed {
  /** Counts parses, so the views can start afresh (expanded nodes, marks) for each document. */
  id: number;
  source: string;
  result: JsonParseResult;
}

/**
 * The JSON tool's state: the input, the view, and the input's last parse. Typing parses after a
 * pause; pasting and switching views parse at once. `onRootRefused` is called for each parse
 * whose root is neither an object nor an array.
 */
export function useJsonDocument(onRootRefused: () => void) {
  const [input, setInputText] = useState('');
  const [view, setView] = useState<JsonView>('raw');
  const [parsed, setParsed] = useState<Parsed>({ id: 0, source: '', result: { kind: 'empty' } });
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSource = useRef('');

  const parseNow = useCallback(
    (text: string) => {
      clearTimeout(pending.current);
      if (text === lastSource.current) return;
      lastSource.current = text;
      const result = parseJsonInput(text);
      setParsed((prev) => ({ id: prev.id + 1, source: text, result }));
      if (result.kind === 'root') onRootRefused();
    },
    [onRootRefused],
  );

  const setInput = useCallback(
    (text: string) => {
      setInputText(text);
      clearTimeout(pending.current);
      pending.current = setTimeout(() => parseNow(text), JSON_TYPING_PAUSE_MS);
    },
    [parseNow],
  );

  /** After a paste: the box's whole new text, shown as a tree at once. */
  const pasted = useCallback(
    (text: string) => {
      setInputText(text);
      parseNow(text);
      setView('pretty');
    },
    [parseNow],
  );

  const showView = useCallback(
    (next: JsonView) => {
      parseNow(input);
      setView(next);
    },
    [input, parseNow],
  );

  useEffect(() => () => clearTimeout(pending.current), []);

  return { input, setInput, pasted, view, showView, parsed };
}
