import { theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileKind } from './fileKind';
import { FileKindIcon } from './FileKindIcon';

/** What a listing says of an entry: the file manager's and the repository browser's alike. */
export interface ListedEntry {
  name: string;
  isDir: boolean;
  isLink: boolean;
  linkTarget: string;
}

/** An entry's icon and name; a symbolic link shows where it points (`current → /srv/r42`). */
export function EntryName({ entry }: { entry: ListedEntry }) {
  const { t } = useTranslation('common');
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
          ellipsis={{ tooltip: t('file.linkTo', { target: entry.linkTarget }) }}
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
