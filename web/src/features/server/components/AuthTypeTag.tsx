import type { ServerAuthType } from '@ferry/contract/client';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ServerAuthType, string> = {
  password: 'orange',
  key: 'blue',
  keyFile: 'geekblue',
  consoleKey: 'green',
};

/** How the console logs in to a server. */
export function AuthTypeTag({ authType }: { authType: ServerAuthType }) {
  const { t } = useTranslation('server');
  return (
    <Tag color={COLORS[authType]} variant="filled">
      {t(`auth.${authType}`)}
    </Tag>
  );
}
