import { Flex, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { TextEditorProps } from './TextEditor';

const Editor = lazy(() => import('./TextEditor').then((m) => ({ default: m.TextEditor })));

/** The CodeMirror editor, fetched with its first use (a spinner meanwhile). */
export function LazyTextEditor(props: TextEditorProps) {
  return (
    <Suspense
      fallback={
        <Flex justify="center" align="center" style={{ height: props.height }}>
          <Spin />
        </Flex>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
