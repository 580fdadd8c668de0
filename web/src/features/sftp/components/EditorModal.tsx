import { SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { call } from '../../../api/call';
import { errorText } from '../../../api/errorText';
import { ErrorState } from '../../../ui/ErrorState';
import { fileKind } from '../../../ui/fileKind';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useFeedback } from '../../../ui/useFeedback';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { SftpEntry } from '@ferry/contract/client';
import { sftpRoutes } from '@ferry/contract/client';
import { NOT_READABLE } from '../../../ui/TextPreview';
import { useFileText } from '../hooks/useFileText';
import { LazyTextEditor } from '../../../ui/LazyTextEditor';
import { NotReadable } from '../../../ui/NotReadable';

const ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'gb18030', 'latin1'] as const;
type Encoding = (typeof ENCODINGS)[number];
const asEncoding = (e: string) =>
  (ENCODINGS as readonly string[]).includes(e) ? (e as Encoding) : undefined;

export interface EditorTarget {
  serverId: number;
  /** The file's remote path. */
  file: string;
  entry: SftpEntry;
}

interface EditorModalProps {
  open: boolean;
  target: EditorTarget | undefined;
  onClose: () => void;
  /** The file was saved: the directory's size and time changed. */
  onSaved: () => void;
  onDownload?: (entry: SftpEntry) => void;
}

/**
 * A text file in CodeMirror (highlighting from its name), saved in the encoding it was read in.
 * The save carries the size and time the file had when read, so a file changed on the server
 * meanwhile is not overwritten: the editor then says so and offers to reload it (dropping the
 * changes) or to overwrite it anyway. Closing with unsaved changes asks first.
 */
export function EditorModal({ open, target, onClose, onSaved, onDownload }: EditorModalProps) {
  const { t } = useTranslation('sftp');
  const { message, modal } = useFeedback();
  const mobile = useIsMobile();
  const text = useFileText(target?.serverId ?? 0, open ? target?.file : undefined);
  // The draft belongs to one reading of the file: a reload starts again from the new text.
  const [draft, setDraft] = useState<{ readAt: number; text: string }>();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const original = text.data?.content ?? '';
  const current = draft && draft.readAt === text.dataUpdatedAt ? draft.text : original;
  const dirty = text.isSuccess && current !== original;
  const name = target?.entry.name ?? '';

  const save = async (checked: boolean) => {
    if (!target || !text.data || saving) return;
    setSaving(true);
    try {
      await call(
        sftpRoutes.editFile,
        {
          serverId: target.serverId,
          file: target.file,
          content: current,
          encoding: asEncoding(text.data.encoding),
          ...(checked ? { size: text.data.size, mtime: text.data.mtime } : {}),
        },
        { silent: ['file_changed'] },
      );
      setConflict(false);
      void message.success(t('editor.saved', { name }));
      onSaved();
      // Read it again for the size and time the next save must carry.
      await text.refetch();
    } catch (e) {
      if (e instanceof ApiError && e.reason === 'file_changed') setConflict(true);
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    setConflict(false);
    await text.refetch();
  };

  const close = () => {
    if (!dirty) {
      onClose();
      return;
    }
    modal.confirm({
      title: t('editor.discardTitle', { name }),
      content: t('editor.discardContent'),
      okText: t('editor.discard'),
      okButtonProps: { danger: true },
      cancelText: t('editor.keepEditing'),
      onOk: onClose,
    });
  };

  let body;
  if (!target || text.isPending) {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  } else if (text.isError) {
    const e = text.error;
    const reason = e instanceof ApiError ? e.reason : undefined;
    body =
      reason && (NOT_READABLE as readonly string[]).includes(reason) ? (
        <NotReadable
          title={reason === 'file_too_large' ? t('editor.tooLarge') : t('editor.notText')}
          detail={errorText(e)}
          onDownload={onDownload ? () => onDownload(target.entry) : undefined}
        />
      ) : (
        <ErrorState
          title={t('editor.loadFailed')}
          detail={errorText(e)}
          onRetry={() => void text.refetch()}
        />
      );
  } else {
    body = (
      <Flex vertical gap={12}>
        {conflict ? (
          <Alert
            type="warning"
            showIcon
            title={t('editor.changedTitle', { name })}
            description={t('editor.changedContent')}
            action={
              <Flex vertical gap={8}>
                <Button size="small" onClick={() => void reload()}>
                  {t('editor.reload')}
                </Button>
                <Button size="small" danger onClick={() => void save(false)}>
                  {t('editor.overwrite')}
                </Button>
              </Flex>
            }
          />
        ) : null}
        <LazyTextEditor
          value={current}
          onChange={(next) => setDraft({ readAt: text.dataUpdatedAt, text: next })}
          readOnly={saving}
          language={fileKind(target.entry).language}
          label={t('editor.label', { name })}
          height={mobile ? 'calc(100dvh - 200px)' : 'min(600px, calc(100dvh - 300px))'}
          onSave={() => void save(true)}
        />
      </Flex>
    );
  }

  return (
    <ResponsiveModal
      open={open}
      width={1120}
      style={{ top: 24 }}
      mask={{ closable: false }}
      keyboard={!dirty}
      title={
        <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis={{ tooltip: target?.file }} style={{ maxWidth: 480 }}>
            {t('editor.title', { name })}
          </Typography.Text>
          {text.data ? <Tag>{text.data.encoding}</Tag> : null}
          {dirty ? <Tag color="warning">{t('editor.unsaved')}</Tag> : null}
        </Flex>
      }
      onCancel={close}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>{t('editor.close')}</Button>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            disabled={!dirty}
            onClick={() => void save(true)}
          >
            {t('editor.save')}
          </Button>
        </Flex>
      }
    >
      {body}
    </ResponsiveModal>
  );
}
