import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fileKind, previewMode } from './fileKind';
import { humanSize } from './humanSize';
import { NotReadable } from './NotReadable';
import { PREVIEW_BODY_HEIGHT } from './TextPreview';
import { useIsMobile } from './useIsMobile';

/** The file a preview shows: its entry and where it lies (the title's tooltip). */
export interface PreviewedFile {
  path: string;
  entry: { name: string; size: number; modTime: string; isDir: boolean };
}

interface FilePreviewDrawerProps {
  open: boolean;
  file: PreviewedFile | undefined;
  /** The file's inline address (images and PDF are shown from it). */
  src: string;
  /** The body of a text file, mounted only for one (it reads the text itself). */
  text: ReactNode;
  onClose: () => void;
  /** Absent without the permission to download. */
  onDownload?: () => void;
  /** More buttons of the header, before Download (the file manager's Edit). */
  actions?: ReactNode;
}

/** An image from the preview address, or a word when the browser cannot show it. */
function ImagePreview({
  src,
  alt,
  onDownload,
}: {
  src: string;
  alt: string;
  onDownload?: () => void;
}) {
  const { t } = useTranslation('common');
  const [broken, setBroken] = useState(false);
  if (broken) return <NotReadable title={t('preview.imageFailed')} onDownload={onDownload} />;
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <img
        src={src}
        alt={alt}
        onError={() => setBroken(true)}
        style={{ maxWidth: '100%', maxHeight: PREVIEW_BODY_HEIGHT, objectFit: 'contain' }}
      />
    </Flex>
  );
}

/**
 * A file's preview: images and PDF inline from their address, text read-only with its
 * highlighting, anything else offered as a download. The file manager and the repository
 * browser show their files through it.
 */
export function FilePreviewDrawer(props: FilePreviewDrawerProps) {
  const { open, file, src, onClose, onDownload } = props;
  const { t } = useTranslation('common');
  const mobile = useIsMobile();
  const entry = file?.entry;
  const mode = entry ? previewMode(fileKind(entry).kind) : 'download';

  const body = !entry ? null : mode === 'image' ? (
    <ImagePreview src={src} alt={entry.name} onDownload={onDownload} />
  ) : mode === 'pdf' ? (
    <iframe
      title={t('preview.pdfLabel', { name: entry.name })}
      src={src}
      style={{ width: '100%', height: PREVIEW_BODY_HEIGHT, border: 0 }}
    />
  ) : mode === 'text' ? (
    props.text
  ) : (
    <NotReadable title={t('preview.noPreview')} onDownload={onDownload} />
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
            <Typography.Text ellipsis={{ tooltip: file.path }}>{entry.name}</Typography.Text>
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
            {props.actions}
            {onDownload ? (
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                onClick={onDownload}
                aria-label={mobile ? t('file.download') : undefined}
              >
                {mobile ? null : t('file.download')}
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
