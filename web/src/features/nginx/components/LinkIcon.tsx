import { FileTextOutlined, LinkOutlined } from '@ant-design/icons';
import { theme, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConfigFile } from '../utils/configTree';
import { linkTitle } from '../utils/linkTitle';

/**
 * A file's icon in the narrow tree: a link icon for a symbolic link (red when it leads out of the
 * configuration directories), where it leads in its tooltip and label; else a file icon.
 */
export function LinkIcon({ file }: { file: Pick<ConfigFile, 'link' | 'linkOut'> }) {
  const { t } = useTranslation('nginx');
  const { token } = theme.useToken();
  if (!file.link) return <FileTextOutlined />;
  const title = linkTitle(t, file);
  return (
    <Tooltip title={title} trigger={['hover', 'focus']}>
      <LinkOutlined
        tabIndex={0}
        aria-label={title}
        style={{ color: file.linkOut ? token.colorError : token.colorPrimary }}
      />
    </Tooltip>
  );
}
