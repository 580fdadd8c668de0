import { ApiError } from '../../../api/ApiError';
import { fileKind } from '../../../ui/fileKind';
import { TextPreview } from '../../../ui/TextPreview';
import { useCopyText } from '../hooks/useCopyText';
import { CopyState } from './CopyState';

/** A working-copy file's text for its preview; a link out of the copy says so. */
export function CopyText(props: {
  projectId: number;
  path: string;
  entry: { name: string; isDir: boolean };
  failed: string;
  onDownload?: () => void;
}) {
  const text = useCopyText(props.projectId, props.path);
  const reason = text.error instanceof ApiError ? text.error.reason : undefined;
  if (reason === 'path_outside_working_copy' || reason === 'file_missing') {
    return <CopyState error={text.error} path={props.path} failed={props.failed} />;
  }
  return (
    <TextPreview
      state={{ ...text, content: text.data }}
      name={props.entry.name}
      language={fileKind(props.entry).language}
      onDownload={props.onDownload}
    />
  );
}
