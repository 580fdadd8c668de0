import { theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileKind } from '../../../ui/fileKind';
import { FileKindIcon } from '../../../ui/FileKindIcon';
import type { SftpEntry } from '@ferry/contract/client';

/** An entry's icon and name; a symbolic link shows where it points (`current → /srv/r42`). */
export function EntryName({ entry }: { entry: SftpEntry }) {
  const { t } = useTranslation('sftp');
  const { token } = theme.useToken();
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 8,
        minWidth: 0,
        maxWidth: '100%',
      }}
    >
      <FileKindIcon kind={fileKind(entry).kind} />
      <Typography.Text
        ellipsis={{ tooltip: entry.name }}
        style={{ minWidth: 0, maxWidth: '100%', flexShrink: 0 }}
      >
        {entry.name}
      </Typography.Text>
      {entry.isLink ? (
        <Typography.Text
          type="secondary"
          ellipsis={{ tooltip: t('entry.linkTo', { target: entry.linkTarget }) }}
          style={{
            minWidth: 0,
            // The name keeps its room; the target takes what is left.
            flexShrink: 1,
            fontFamily: token.fontFamilyCode,
            fontSize: token.fontSizeSM,
          }}
        >
          → {entry.linkTarget}
        </Typography.Text>
      ) : null}
    </span>
  );
}
