import { LinkOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConfigFile } from '../utils/configTree';
import { linkTitle } from '../utils/linkTitle';

/**
 * The words that mark a file as a symbolic link, where it leads in a tooltip (on hover, or on a
 * tap, which focuses it); red for a link out of the configuration directories, not opened here.
 */
export function LinkTag({ file }: { file: Pick<ConfigFile, 'link' | 'linkOut'> }) {
  const { t } = useTranslation('nginx');
  if (!file.link) return null;
  const title = linkTitle(t, file);
  return (
    <Tooltip title={title} trigger={['hover', 'focus']}>
      <Tag
        icon={<LinkOutlined />}
        color={file.linkOut ? 'error' : undefined}
        tabIndex={0}
        aria-label={title}
        style={{ marginInlineEnd: 0, flexShrink: 0 }}
      >
        {t(file.linkOut ? 'link.out' : 'link.tag')}
      </Tag>
    </Tooltip>
  );
}
