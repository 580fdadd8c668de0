import { ClusterOutlined, UserOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Text } from '../../../ui/Text';
import type { DeployRow } from '../utils/DeployRow';

/** Who deployed last and when, and how many servers the project deploys to. */
export function DeployMeta({ project }: { project: DeployRow }) {
  const { t } = useTranslation('deploy');
  const servers = project.serverIds?.length ?? 0;
  return (
    <Flex gap={12} wrap align="center">
      {project.publisherName ? (
        <Text secondary>
          <UserOutlined aria-hidden />{' '}
          {t('card.publisher', { name: project.publisherName, time: project.updateTime })}
        </Text>
      ) : null}
      <Text secondary>
        <ClusterOutlined aria-hidden /> {t('card.servers', { count: servers })}
      </Text>
    </Flex>
  );
}
