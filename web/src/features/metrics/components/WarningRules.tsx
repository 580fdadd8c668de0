import { PlusOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button, Card, Empty, Flex, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { usePermission } from '../../../auth/usePermission';
import { ErrorState } from '../../../ui/ErrorState';
import { useFeedback } from '../../../ui/useFeedback';
import { useRuleMutations, useWarningRules } from '../hooks/useWarningRules';
import { unitOfType } from '../utils/metricPanels';
import type { WarningRule } from '../utils/metricsRows';
import type { ItemChoice } from '../utils/itemChoices';
import { RuleCard } from './RuleCard';
import { RuleDrawer } from './RuleDrawer';

interface WarningRulesProps {
  serverId: number;
  /** The server's known items with their chart type, for the form and the units. */
  items: readonly ItemChoice[];
  itemOptions: { label: string; options: { value: string; label: string }[] }[];
}

/** The server's warning rules with their state and current value; add, edit, delete per permission. */
export function WarningRules({ serverId, items, itemOptions }: WarningRulesProps) {
  const { t } = useTranslation('metrics');
  const { message } = useFeedback();
  const rules = useWarningRules(serverId);
  const { remove } = useRuleMutations(serverId);
  const mayAdd = usePermission([Perm.AddServerWarningRule]);
  const [editing, setEditing] = useState<{ rule?: WarningRule }>();
  const typeOf = new Map(items.map((i) => [i.item, i.type]));

  const del = (rule: WarningRule) =>
    remove.mutate(rule.id, { onSuccess: () => void message.success(t('rules.deleted')) });

  let body;
  if (rules.isError && !rules.data) {
    body = (
      <ErrorState
        title={t('rules.loadFailed')}
        detail={errorText(rules.error)}
        onRetry={() => void rules.refetch()}
      />
    );
  } else if (!rules.data) {
    body = (
      <div role="status" aria-label={t('rules.title')}>
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </div>
    );
  } else if (rules.data.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rules.empty')} />;
  } else {
    body = (
      <Flex vertical gap={8}>
        {rules.data.map((rule) => (
          <RuleCard
            key={rule.id}
            rule={rule}
            unit={unitOfType(typeOf.get(rule.item) ?? 0)}
            onEdit={(r) => setEditing({ rule: r })}
            onDelete={del}
            deleting={remove.isPending && remove.variables === rule.id}
          />
        ))}
      </Flex>
    );
  }

  return (
    <Card
      size="small"
      title={t('rules.title')}
      extra={
        mayAdd ? (
          <Button
            size="small"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({})}
          >
            {t('rules.add')}
          </Button>
        ) : null
      }
    >
      {body}
      <RuleDrawer
        open={editing !== undefined}
        serverId={serverId}
        rule={editing?.rule}
        itemOptions={itemOptions}
        onClose={() => setEditing(undefined)}
      />
    </Card>
  );
}
