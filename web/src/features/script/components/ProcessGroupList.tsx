import { AppstoreAddOutlined, PlusOutlined } from '@ant-design/icons';
import { Perm, type ProcessItem } from '@ferry/contract/client';
import { Button, Card, Empty, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { ErrorState } from '../../../ui/ErrorState';
import type { useServerProcesses } from '../hooks/useServerProcesses';
import type { ProcessGroup } from '../utils/ProcessGroup';
import { ProcessGroupCard } from './ProcessGroupCard';

interface ProcessGroupListProps {
  groups: ReturnType<typeof useServerProcesses>;
  blocked: string;
  running: { groupId: number; item: string } | undefined;
  onRun: (group: ProcessGroup, item: ProcessItem) => void;
  onAdd: () => void;
  onEdit: (group: ProcessGroup) => void;
  onDelete: (group: ProcessGroup) => void;
}

/** The namespace's process groups, or why there are none to show. */
export function ProcessGroupList(props: ProcessGroupListProps) {
  const { groups, blocked, running, onRun, onAdd, onEdit, onDelete } = props;
  const { t } = useTranslation('process');
  const mayAdd = usePermission([Perm.AddServerProcess]);
  const list = groups.data ?? [];

  if (groups.isPending) {
    return (
      <Card size="small" title={t('groups.title')}>
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  }
  if (groups.isError) {
    return (
      <Card size="small" title={t('groups.title')}>
        <ErrorState title={t('groups.loadFailed')} onRetry={() => void groups.refetch()} />
      </Card>
    );
  }
  if (list.length === 0) {
    return (
      <Card size="small" title={t('groups.title')}>
        <Empty
          image={<AppstoreAddOutlined style={{ fontSize: 40, opacity: 0.45 }} />}
          description={mayAdd ? t('groups.empty') : t('groups.emptyReadOnly')}
        >
          {mayAdd ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
              {t('groups.add')}
            </Button>
          ) : null}
        </Empty>
      </Card>
    );
  }
  return (
    <Flex vertical gap={12}>
      {list.map((group) => (
        <ProcessGroupCard
          key={group.id}
          group={group}
          blocked={blocked}
          runningItem={running?.groupId === group.id ? running.item : undefined}
          onRun={(item) => onRun(group, item)}
          onEdit={() => onEdit(group)}
          onDelete={() => onDelete(group)}
        />
      ))}
    </Flex>
  );
}
