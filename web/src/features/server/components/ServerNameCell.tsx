import { GlobalOutlined } from '@ant-design/icons';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServerRow } from '../utils/ServerRow';

/** The name, a "Shared" tag for a server of every namespace, and the description below. */
export function ServerNameCell({ server }: { server: ServerRow }) {
  const { t } = useTranslation('server');
  return (
    <Flex vertical style={{ minWidth: 140, maxWidth: 220 }}>
      <Flex align="center" gap={6} wrap>
        <Typography.Text strong>{server.name}</Typography.Text>
        {server.namespaceId === 0 ? (
          <Tooltip title={t('shared.help')}>
            <Tag icon={<GlobalOutlined />} color="purple" variant="filled">
              {t('shared.tag')}
            </Tag>
          </Tooltip>
        ) : null}
      </Flex>
      {server.description ? (
        <Typography.Text type="secondary" ellipsis={{ tooltip: server.description }}>
          {server.description}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
