import { oneDark } from '@codemirror/theme-one-dark';
import CodeMirror, { EditorView, type Extension } from '@uiw/react-codemirror';
import { useEffect, useMemo, useState } from 'react';
import { usePreferences } from '../platform';
import { EditorFrame } from './EditorFrame';
import type { CodeLanguage } from './fileKind';
import { loadLanguage } from './codeLanguage';

export interface TextEditorProps {
  value: string;
  onChange?: (value: string) => void;
  /** The highlighting, from the file's name; plain text without one. */
  language?: CodeLanguage;
  readOnly?: boolean;
  /** What the text is, for screen readers. */
  label: string;
  height: string;
  /** Ctrl+S or ⌘S in the editor. */
  onSave?: () => void;
  /** A page's own additions (marks, gutters), after the highlighting. */
  extensions?: readonly Extension[];
  /** The view, once made: for a page that dispatches to it. */
  onCreateEditor?: (view: EditorView) => void;
}

/**
 * CodeMirror for a remote file, as the project scripts' editor sets it up (the dark theme in dark
 * mode, legacy highlighting modes), with line numbers and search. This module is its own chunk,
 * loaded the first time a file is previewed or edited; each highlighting mode is another.
 */
export function TextEditor(props: TextEditorProps) {
  const { value, onChange, language, readOnly = false, label, height, onSave } = props;
  const { extensions: more, onCreateEditor } = props;
  const dark = usePreferences((s) => s.theme) === 'dark';
  const [highlighting, setHighlighting] = useState<{ language?: CodeLanguage; ext?: Extension }>(
    {},
  );

  useEffect(() => {
    if (!language) return;
    let live = true;
    void loadLanguage(language).then((ext) => {
      if (live) setHighlighting({ language, ext });
    });
    return () => {
      live = false;
    };
  }, [language]);

  const extensions = useMemo(() => {
    const ext = highlighting.language === language ? highlighting.ext : undefined;
    return [
      EditorView.contentAttributes.of({ 'aria-label': label }),
      ...(ext ? [ext] : []),
      ...(more ?? []),
    ];
  }, [highlighting, language, label, more]);

  return (
    <EditorFrame shortcut={onSave ? { key: 's', run: onSave } : undefined}>
      <CodeMirror
        value={value}
        onChange={(next) => onChange?.(next)}
        onCreateEditor={onCreateEditor}
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
