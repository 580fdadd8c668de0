import { StreamLanguage } from '@codemirror/language';
import { python } from '@codemirror/legacy-modes/mode/python';
import { shell } from '@codemirror/legacy-modes/mode/shell';
import { oneDark } from '@codemirror/theme-one-dark';
import type { ScriptInterpreter } from '@ferry/contract/client';
import CodeMirror, { EditorView, type Extension } from '@uiw/react-codemirror';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { usePreferences } from '../../../platform';
import { EditorFrame } from '../../../ui/EditorFrame';
import type { EditorHandle } from './EditorHandle';

const shellLanguage = StreamLanguage.define(shell);
const LANGUAGES: Record<ScriptInterpreter, Extension> = {
  bash: shellLanguage,
  sh: shellLanguage,
  python: StreamLanguage.define(python),
};

export interface ScriptCodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  interpreter: ScriptInterpreter;
  label: string;
  placeholder: string;
  /** Ctrl+Enter or ⌘Enter in the editor. */
  onRun: () => void;
  /** Filled once the editor is up, so a variable can be put at its cursor. */
  handleRef: RefObject<EditorHandle | null>;
}

/**
 * CodeMirror with the interpreter's highlighting, the dark theme in dark mode. This module is the
 * editor's own chunk, fetched with the script page.
 */
export function ScriptCodeEditor(props: ScriptCodeEditorProps) {
  const { value, onChange, interpreter, label, placeholder, onRun, handleRef } = props;
  const dark = usePreferences((s) => s.theme) === 'dark';
  const view = useRef<EditorView | undefined>(undefined);
  useEffect(() => {
    handleRef.current = {
      insert: (text) => {
        const v = view.current;
        if (!v) return;
        v.dispatch(v.state.replaceSelection(text));
        v.focus();
      },
    };
    return () => {
      handleRef.current = null;
    };
  }, [handleRef]);
  const extensions = useMemo(
    () => [
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
      LANGUAGES[interpreter],
    ],
    [interpreter, label],
  );
  return (
    <EditorFrame shortcut={{ key: 'Enter', run: onRun }}>
      <CodeMirror
        value={value}
        onChange={onChange}
        onCreateEditor={(created) => {
          view.current = created;
        }}
        extensions={extensions}
        theme={dark ? oneDark : 'light'}
        minHeight="240px"
        maxHeight="520px"
        placeholder={placeholder}
        basicSetup={{ foldGutter: false, highlightActiveLine: false }}
      />
    </EditorFrame>
  );
}
