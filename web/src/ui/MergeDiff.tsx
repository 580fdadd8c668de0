import { MergeView, unifiedMergeView } from '@codemirror/merge';
import { oneDark } from '@codemirror/theme-one-dark';
import { EditorState, EditorView, lineNumbers, type Extension } from '@uiw/react-codemirror';
import { useEffect, useRef } from 'react';
import { usePreferences } from '../platform';
import { loadLanguage } from './codeLanguage';
import type { CodeLanguage } from './fileKind';

export interface MergeDiffProps {
  /** The left text (the new side of the unified view): a project's working copy, Ferry's block. */
  local: string;
  /** The right text (the old side): what the server holds now. */
  remote: string;
  language: CodeLanguage | undefined;
  /** Side by side; else one column with the server's lines struck out above the copy's. */
  sideBySide: boolean;
  localLabel: string;
  remoteLabel: string;
  height: string;
}

const readOnly = (label: string, more: Extension[]): Extension[] => [
  EditorState.readOnly.of(true),
  EditorView.editable.of(false),
  EditorView.contentAttributes.of({ 'aria-label': label }),
  lineNumbers(),
  ...more,
];

/**
 * CodeMirror's merge view of two texts, read-only, unchanged stretches folded, the dark theme
 * in dark mode. Its own chunk, loaded the first time a diff opens.
 */
export function MergeDiff(props: MergeDiffProps) {
  const { local, remote, language, sideBySide, localLabel, remoteLabel } = props;
  const dark = usePreferences((s) => s.theme) === 'dark';
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const parent = box.current;
    if (!parent) return;
    let live = true;
    let destroy = () => {};
    const build = (highlight: Extension | undefined) => {
      const common = [...(dark ? [oneDark] : []), ...(highlight ? [highlight] : [])];
      const collapseUnchanged = { margin: 3, minSize: 8 };
      if (sideBySide) {
        const view = new MergeView({
          a: { doc: local, extensions: readOnly(localLabel, common) },
          b: { doc: remote, extensions: readOnly(remoteLabel, common) },
          parent,
          collapseUnchanged,
          gutter: true,
        });
        destroy = () => view.destroy();
      } else {
        const view = new EditorView({
          doc: local,
          parent,
          extensions: readOnly(localLabel, [
            ...common,
            unifiedMergeView({ original: remote, mergeControls: false, collapseUnchanged }),
          ]),
        });
        destroy = () => view.destroy();
      }
    };
    if (language) {
      void loadLanguage(language).then((ext) => {
        if (live) build(ext);
      });
    } else build(undefined);
    return () => {
      live = false;
      destroy();
    };
  }, [local, remote, language, sideBySide, localLabel, remoteLabel, dark]);

  return (
    <div
      ref={box}
      className="ferry-merge-diff"
      style={{ height: props.height, overflow: 'auto', background: dark ? '#282c34' : undefined }}
    />
  );
}
