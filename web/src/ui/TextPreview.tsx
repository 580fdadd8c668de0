import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { errorText } from '../api/errorText';
import { ErrorState } from './ErrorState';
import type { CodeLanguage } from './fileKind';
import { LazyTextEditor } from './LazyTextEditor';
import { NotReadable } from './NotReadable';

/** How high a preview's body is: the drawer's height less its header. */
export const PREVIEW_BODY_HEIGHT = 'calc(100dvh - 150px)';

/** Why a file is not shown as text: too large, or not text at all. */
export const NOT_READABLE = ['file_too_large', 'not_text'] as const;

/** A file's text as it is being read (a query's state). */
export interface TextFileState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  content: string | undefined;
  refetch: () => unknown;
}

/**
 * A text file, read-only in the editor with its highlighting, or why it is not shown: still
 * loading, too large or not text (with a Download button when allowed), or failed (with Retry).
 */
export function TextPreview(props: {
  state: TextFileState;
  name: string;
  language: CodeLanguage | undefined;
  onDownload?: () => void;
}) {
  const { state } = props;
  const { t } = useTranslation('common');
  if (state.isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  if (state.isError || state.content === undefined) {
    const e = state.error;
    const reason = e instanceof ApiError ? e.reason : undefined;
    if (reason && (NOT_READABLE as readonly string[]).includes(reason)) {
      return (
        <NotReadable
          title={reason === 'file_too_large' ? t('preview.tooLarge') : t('preview.notText')}
          detail={errorText(e)}
          onDownload={props.onDownload}
        />
      );
    }
    return (
      <ErrorState
        title={t('preview.failed')}
        detail={e ? errorText(e) : undefined}
        onRetry={() => void state.refetch()}
      />
    );
  }
  return (
    <LazyTextEditor
      readOnly
      value={state.content}
      language={props.language}
      label={t('preview.textLabel', { name: props.name })}
      height={PREVIEW_BODY_HEIGHT}
    />
  );
}
