import type { EditorView } from '@uiw/react-codemirror';
import { useEffect, useMemo, useState } from 'react';
import { usePreferences } from '../../../platform';
import { TextEditor } from '../../../ui/TextEditor';
import { markedLineExtension, showMarkedLine } from './markedLine';

/** A line to mark; a new object marks (and scrolls to) it again. */
export interface LineMark {
  line: number;
}

export interface NginxEditorProps {
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  /** What the text is, for screen readers. */
  label: string;
  height: string;
  /** Ctrl+S or ⌘S in the editor. */
  onSave?: () => void;
  /** The line nginx refused, marked in the text and the gutter; none clears the mark. */
  mark?: LineMark;
}

/**
 * The code editor with nginx's highlighting and a marked line for the error `nginx -t` names
 * (its own chunk, loaded with the first configuration opened).
 */
export function NginxEditor({ mark, ...props }: NginxEditorProps) {
  const dark = usePreferences((s) => s.theme) === 'dark';
  const [view, setView] = useState<EditorView>();
  const extensions = useMemo(() => [markedLineExtension(dark)], [dark]);

  useEffect(() => {
    if (view) showMarkedLine(view, mark?.line ?? 0);
  }, [view, mark]);

  return (
    <TextEditor {...props} language="nginx" extensions={extensions} onCreateEditor={setView} />
  );
}
