import { oneDark } from '@codemirror/theme-one-dark';
import CodeMirror, { EditorView, type Extension } from '@uiw/react-codemirror';
import { useEffect, useMemo, useState } from 'react';
import { usePreferences } from '../../../app/preferences/usePreferences';
import { loadLanguage } from '../../../ui/codeLanguage';
import { EditorFrame } from '../../../ui/EditorFrame';
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
 * CodeMirror with nginx's highlighting (its own chunk, loaded with the first configuration
 * opened), the dark theme in dark mode, and a marked line for the error `nginx -t` names.
 */
export function NginxEditor(props: NginxEditorProps) {
  const { value, onChange, readOnly = false, label, height, onSave, mark } = props;
  const dark = usePreferences((s) => s.theme) === 'dark';
  const [nginx, setNginx] = useState<Extension>();
  const [view, setView] = useState<EditorView>();

  useEffect(() => {
    let live = true;
    void loadLanguage('nginx').then((ext) => {
      if (live) setNginx(ext);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (view) showMarkedLine(view, mark?.line ?? 0);
  }, [view, mark]);

  const extensions = useMemo(
    () => [
      EditorView.contentAttributes.of({ 'aria-label': label }),
      markedLineExtension(dark),
      ...(nginx ? [nginx] : []),
    ],
    [label, dark, nginx],
  );

  return (
    <EditorFrame shortcut={onSave ? { key: 's', run: onSave } : undefined}>
      <CodeMirror
        value={value}
        onChange={(next) => onChange?.(next)}
        onCreateEditor={setView}
        extensions={extensions}
        theme={dark ? oneDark : 'light'}
        height={height}
        readOnly={readOnly}
        editable={!readOnly}
        basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly }}
      />
    </EditorFrame>
  );
}
