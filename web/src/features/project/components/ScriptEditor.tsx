import { Input, Skeleton, theme } from 'antd';
import { useEffect, useState, type ComponentType } from 'react';
import type { CodeEditorProps } from './CodeEditor';

export type ScriptEditorProps = CodeEditorProps & {
  /** Whether the editor is on screen: CodeMirror's code is fetched only once it is. */
  shown: boolean;
};

let loaded: ComponentType<CodeEditorProps> | undefined;

/** A plain text box, should the editor's code fail to arrive: the script stays editable. */
function PlainEditor({ value, onChange, label, placeholder }: CodeEditorProps) {
  const { token } = theme.useToken();
  return (
    <Input.TextArea
      aria-label={label}
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
      placeholder={placeholder}
      autoSize={{ minRows: 7, maxRows: 24 }}
      spellCheck={false}
      style={{ fontFamily: token.fontFamilyCode }}
    />
  );
}

/**
 * A script's editor in the form. CodeMirror is large, so it is its own chunk, fetched the first
 * time a script editor is shown; until then the form holds the value alone.
 */
export function ScriptEditor({ shown, ...props }: ScriptEditorProps) {
  const [Editor, setEditor] = useState(() => loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!shown || Editor) return;
    let live = true;
    import('./CodeEditor')
      .then((m) => {
        loaded = m.CodeEditor;
        if (live) setEditor(() => m.CodeEditor);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [shown, Editor]);
  if (Editor) return <Editor {...props} />;
  if (failed) return <PlainEditor {...props} />;
  return <Skeleton.Node active style={{ width: '100%', height: 160 }} />;
}
