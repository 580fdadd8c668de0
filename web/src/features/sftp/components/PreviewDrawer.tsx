import { DownloadOutlined, ExportOutlined, FormOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { session } from '../../../auth/session';
import { ErrorState } from '../../../ui/ErrorState';
import { fileKind, previewMode } from '../../../ui/fileKind';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { SftpEntry } from '@ferry/contract/client';
import { NOT_READABLE, useFileText } from '../hooks/useFileText';
import { isEditable, type SftpAbilities } from '../utils/fileActions';
import { humanSize } from '../../../ui/humanSize';
import { previewUrl } from '../utils/sftpUrls';
import { LazyTextEditor } from './LazyTextEditor';
import { NotReadable } from './NotReadable';

export interface PreviewTarget {
  serverId: number;
  /** The file's remote path. */
  file: string;
  entry: SftpEntry;
}

interface PreviewDrawerProps {
  open: boolean;
  target: PreviewTarget | undefined;
  can: SftpAbilities;
  onClose: () => void;
  onEdit: (entry: SftpEntry) => void;
  onDownload: (entry: SftpEntry) => void;
}

const BODY_HEIGHT = 'calc(100dvh - 150px)';

/** A text file, read-only in the editor, or why it is not shown as text. */
function TextPreview(props: { target: PreviewTarget; onDownload?: () => void }) {
  const { target } = props;
  const { t } = useTranslation('sftp');
  const text = useFileText(target.serverId, target.file);
  if (text.isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  if (text.isError) {
    const e = text.error;
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
        detail={errorText(e)}
        onRetry={() => void text.refetch()}
      />
    );
  }
  return (
    <LazyTextEditor
      readOnly
      value={text.data.content}
      language={fileKind(target.entry).language}
      label={t('preview.textLabel', { name: target.entry.name })}
      height={BODY_HEIGHT}
    />
  );
}

/** An image from the preview route, or a word when the browser cannot show it. */
function ImagePreview({
  src,
  alt,
  onDownload,
}: {
  src: string;
  alt: string;
  onDownload?: () => void;
}) {
  const { t } = useTranslation('sftp');
  const [broken, setBroken] = useState(false);
  if (broken) return <NotReadable title={t('preview.imageFailed')} onDownload={onDownload} />;
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <img
        src={src}
        alt={alt}
        onError={() => setBroken(true)}
        style={{ maxWidth: '100%', maxHeight: BODY_HEIGHT, objectFit: 'contain' }}
      />
    </Flex>
  );
}

/**
 * A file's preview: images and PDF inline from `/server/previewFile`, text read-only with its
 * highlighting (through `/server/readFile`), anything else offered as a download. A file that is
 * too large or not text says so, with a Download button.
 */
export function PreviewDrawer({
  open,
  target,
  can,
  onClose,
  onEdit,
  onDownload,
}: PreviewDrawerProps) {
  const { t } = useTranslation('sftp');
  const mobile = useIsMobile();
  const entry = target?.entry;
  const mode = entry ? previewMode(fileKind(entry).kind) : 'download';
  const src = target ? previewUrl(target.serverId, target.file, session.identity().id) : '';
  const download = can.download && entry ? () => onDownload(entry) : undefined;

  const body = !target ? null : mode === 'image' ? (
    <ImagePreview src={src} alt={target.entry.name} onDownload={download} />
  ) : mode === 'pdf' ? (
    <iframe
      title={t('preview.pdfLabel', { name: target.entry.name })}
      src={src}
      style={{ width: '100%', height: BODY_HEIGHT, border: 0 }}
    />
  ) : mode === 'text' ? (
    <TextPreview target={target} onDownload={download} />
  ) : (
    <NotReadable title={t('preview.noPreview')} onDownload={download} />
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={mobile ? '100%' : 900}
      destroyOnHidden
      title={
        entry ? (
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text ellipsis={{ tooltip: target?.file }}>{entry.name}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
              {humanSize(entry.size)} · {entry.modTime}
            </Typography.Text>
          </Flex>
        ) : null
      }
      extra={
        entry ? (
          <Flex gap={8}>
            {mode === 'image' || mode === 'pdf' ? (
              <Button
                icon={<ExportOutlined />}
                href={src}
                target="_blank"
                rel="noopener"
                aria-label={mobile ? t('preview.newTab') : undefined}
              >
                {mobile ? null : t('preview.newTab')}
              </Button>
            ) : null}
            {can.edit && isEditable(entry) ? (
              <Button
                icon={<FormOutlined />}
                onClick={() => onEdit(entry)}
                aria-label={mobile ? t('action.edit') : undefined}
              >
                {mobile ? null : t('action.edit')}
              </Button>
            ) : null}
            {download ? (
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                onClick={download}
                aria-label={mobile ? t('action.download') : undefined}
              >
                {mobile ? null : t('action.download')}
              </Button>
            ) : null}
          </Flex>
        ) : null
      }
    >
      {body}
    </Drawer>
  );
}
