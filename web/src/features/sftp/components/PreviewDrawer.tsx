import { FormOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { session } from '../../../auth/session';
import { FilePreviewDrawer } from '../../../ui/FilePreviewDrawer';
import { fileKind } from '../../../ui/fileKind';
import { TextPreview } from '../../../ui/TextPreview';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { SftpEntry } from '@ferry/contract/client';
import { useFileText } from '../hooks/useFileText';
import { isEditable, type SftpAbilities } from '../utils/fileActions';
import { previewUrl } from '../utils/sftpUrls';

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

/** A remote text file through `/server/readFile`. */
function RemoteText(props: { target: PreviewTarget; onDownload?: () => void }) {
  const { target } = props;
  const text = useFileText(target.serverId, target.file);
  return (
    <TextPreview
      state={{ ...text, content: text.data?.content }}
      name={target.entry.name}
      language={fileKind(target.entry).language}
      onDownload={props.onDownload}
    />
  );
}

/**
 * A remote file's preview: images and PDF inline from `/server/previewFile`, text read-only
 * (through `/server/readFile`), with Edit for a file the user may change.
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
  const download = can.download && entry ? () => onDownload(entry) : undefined;
  return (
    <FilePreviewDrawer
      open={open}
      onClose={onClose}
      file={target ? { path: target.file, entry: target.entry } : undefined}
      src={target ? previewUrl(target.serverId, target.file, session.identity().id) : ''}
      text={target ? <RemoteText target={target} onDownload={download} /> : null}
      onDownload={download}
      actions={
        can.edit && entry && isEditable(entry) ? (
          <Button
            icon={<FormOutlined />}
            onClick={() => onEdit(entry)}
            aria-label={mobile ? t('action.edit') : undefined}
          >
            {mobile ? null : t('action.edit')}
          </Button>
        ) : null
      }
    />
  );
}
