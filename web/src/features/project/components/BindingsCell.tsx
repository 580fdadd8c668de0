import { CloudServerOutlined, TeamOutlined } from '@ant-design/icons';
import { Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectRow } from '../utils/ProjectRow';
import { BoundNames } from './BoundNames';

interface BindingsCellProps {
  project: ProjectRow;
  serverNames: ReadonlyMap<number, string>;
  memberNames: ReadonlyMap<number, string>;
}

/** The servers a project deploys to, and the members bound to it, one line each. */
export function BindingsCell({ project, serverNames, memberNames }: BindingsCellProps) {
  const { t } = useTranslation('project');
  return (
    <Flex vertical gap={4}>
      <Flex gap={6} align="center" wrap={false}>
        <Tooltip title={t('column.servers')}>
          <CloudServerOutlined aria-label={t('column.servers')} />
        </Tooltip>
        <BoundNames ids={project.serverIds} names={serverNames} />
      </Flex>
      <Flex gap={6} align="center" wrap={false}>
        <Tooltip title={t('column.members')}>
          <TeamOutlined aria-label={t('column.members')} />
        </Tooltip>
        <BoundNames ids={project.userIds} names={memberNames} />
      </Flex>
    </Flex>
  );
}
