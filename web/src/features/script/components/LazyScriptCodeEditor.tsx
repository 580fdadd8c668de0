import { Flex, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { ScriptCodeEditorProps } from './ScriptCodeEditor';

const Editor = lazy(() =>
  import('./ScriptCodeEditor').then((m) => ({ default: m.ScriptCodeEditor })),
);

/** The script's CodeMirror editor, fetched after the page's first paint (a spinner meanwhile). */
export function LazyScriptCodeEditor(props: ScriptCodeEditorProps & { loadingText: string }) {
  const { loadingText, ...editor } = props;
  return (
    <Suspense
      fallback={
        <Flex justify="center" align="center" style={{ height: 240 }}>
          <Spin description={loadingText} />
        </Flex>
      }
    >
      <Editor {...editor} />
    </Suspense>
  );
}
