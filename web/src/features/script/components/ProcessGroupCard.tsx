import { DeleteOutlined, EditOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Perm, type ProcessItem } from '@ferry/contract/client';
import { Button, Card, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../auth/Can';
import type { ProcessGroup } from '../utils/ProcessGroup';

interface ProcessGroupCardProps {
  group: ProcessGroup;
  /** Why the buttons cannot run now ('' when they can). */
  blocked: string;
  /** The button pressed last, while its run goes on. */
  runningItem: string | undefined;
  onRun: (item: ProcessItem) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One group: a button per command (its command in the tooltip), and Edit and Delete. */
export function ProcessGroupCard(props: ProcessGroupCardProps) {
  const { group, blocked, runningItem, onRun, onEdit, onDelete } = props;
  const { t } = useTranslation('process');
  return (
    <Card
      size="small"
      title={group.name}
      role="region"
      aria-label={group.name}
      extra={
        <Flex gap={4}>
          <Can anyOf={[Perm.EditServerProcess]}>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              onClick={onEdit}
              aria-label={t('group.edit', { name: group.name })}
            />
          </Can>
          <Can anyOf={[Perm.DeleteServerProcess]}>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              onClick={onDelete}
              aria-label={t('group.delete', { name: group.name })}
            />
          </Can>
        </Flex>
      }
    >
      {group.itemList.length === 0 ? (
        <Typography.Text type="secondary">{t('group.noItems')}</Typography.Text>
      ) : (
        <Flex gap={8} wrap>
          {group.itemList.map((item) => (
            <Tooltip
              key={item.name}
              title={
                <Flex vertical gap={4}>
                  {blocked ? <span>{blocked}</span> : null}
                  <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {item.command}
                  </code>
                </Flex>
              }
            >
              <Button
                icon={<PlayCircleOutlined />}
                disabled={Boolean(blocked)}
                loading={runningItem === item.name}
                onClick={() => onRun(item)}
              >
                {item.name}
              </Button>
            </Tooltip>
          ))}
        </Flex>
      )}
    </Card>
  );
}
