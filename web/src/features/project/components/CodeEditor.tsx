import { StreamLanguage } from '@codemirror/language';
import { javascript } from '@codemirror/legacy-modes/mode/javascript';
import { python } from '@codemirror/legacy-modes/mode/python';
import { shell } from '@codemirror/legacy-modes/mode/shell';
import { oneDark } from '@codemirror/theme-one-dark';
import type { ScriptMode } from '@ferry/contract/client';
import CodeMirror, { EditorView, type Extension } from '@uiw/react-codemirror';
import { useMemo, useRef } from 'react';
import { usePreferences } from '../../../platform';
import { EditorFrame } from '../../../ui/EditorFrame';
import type { EditorHandle } from './EditorHandle';

const shellLanguage = StreamLanguage.define(shell);

/** The highlighting of each interpreter; php has no legacy mode and shows as plain text. */
const LANGUAGES: Partial<Record<ScriptMode, Extension>> = {
  bash: shellLanguage,
  sh: shellLanguage,
  zsh: shellLanguage,
  python: StreamLanguage.define(python),
  node: StreamLanguage.define(javascript),
};

export interface CodeEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  mode: ScriptMode;
  label: string;
  placeholder?: string;
  /** Called when the editor takes the focus, so text can be inserted where its cursor is. */
  onFocusEditor?: (handle: EditorHandle) => void;
}

/**
 * CodeMirror with the script's highlighting, the dark theme in dark mode. This module is the
 * editor's own chunk: it loads only once the scripts tab is shown.
 */
export function CodeEditor({
  value,
  onChange,
  mode,
  label,
  placeholder,
  onFocusEditor,
}: CodeEditorProps) {
  const dark = usePreferences((s) => s.theme) === 'dark';
  const view = useRef<EditorView | undefined>(undefined);
  const extensions = useMemo(() => {
    const language = LANGUAGES[mode];
    return [
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
      ...(language ? [language] : []),
    ];
  }, [mode, label]);
  const handle: EditorHandle = {
    insert: (text) => {
      const v = view.current;
      if (!v) return;
      v.dispatch(v.state.replaceSelection(text));
      v.focus();
    },
  };
  return (
    <EditorFrame>
      <CodeMirror
        value={value ?? ''}
        onChange={(next) => onChange?.(next)}
        onCreateEditor={(created) => {
          view.current = created;
        }}
        onFocus={() => onFocusEditor?.(handle)}
        extensions={extensions}
        theme={dark ? oneDark : 'light'}
        minHeight="160px"
        maxHeight="480px"
        placeholder={placeholder}
        basicSetup={{ foldGutter: false, highlightActiveLine: false }}
      />
    </EditorFrame>
  );
}
