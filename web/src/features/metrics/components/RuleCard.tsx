import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { formatMetric, type MetricUnit } from '../utils/metricUnits';
import type { WarningRule } from '../utils/metricsRows';
import { RuleStateTag } from './RuleStateTag';

interface RuleCardProps {
  rule: WarningRule;
  /** The unit of the rule's item, for its threshold and current value. */
  unit: MetricUnit;
  onEdit: (rule: WarningRule) => void;
  onDelete: (rule: WarningRule) => void;
  deleting: boolean;
}

/** One rule: its condition, state, current value and time window; edit and delete per permission. */
export function RuleCard({ rule, unit, onEdit, onDelete, deleting }: RuleCardProps) {
  const { t } = useTranslation('metrics');
  const mayEdit = usePermission([Perm.EditServerWarningRule]);
  const mayDelete = usePermission([Perm.DeleteServerWarningRule]);
  const formula = t(`form.formulas.${rule.formula as 'avg' | 'max' | 'min'}`, {
    defaultValue: rule.formula,
  });
  return (
    <Card size="small" role="group" aria-label={rule.item} styles={{ body: { padding: 10 } }}>
      <Flex vertical gap={6}>
        <Flex align="center" gap={8}>
          <Typography.Text strong ellipsis style={{ flex: 1, minWidth: 0 }}>
            {rule.item}
          </Typography.Text>
          <RuleStateTag state={rule.state} />
        </Flex>
        <Typography.Text style={{ fontSize: 13 }}>
          {t('rules.condition', {
            formula,
            item: rule.item,
            cycle: rule.groupCycle,
            operator: rule.operator,
            value: formatMetric(rule.value, unit),
          })}
        </Typography.Text>
        <Flex align="center" gap={8} wrap>
          <Typography.Text
            type={rule.state === 'ok' ? 'secondary' : 'danger'}
            style={{ fontSize: 13 }}
          >
            {rule.lastValue === null
              ? t('rules.noValue')
              : t('rules.current', { value: formatMetric(rule.lastValue, unit) })}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('rules.window', { start: rule.startTime, end: rule.endTime })}
          </Typography.Text>
          {mayEdit || mayDelete ? (
            <Flex
              gap={4}
              style={{ marginInlineStart: 'auto' }}
              aria-label={t('rules.actionsOf', { item: rule.item })}
            >
              {mayEdit ? (
                <Button
                  size="small"
                  type="text"
                  icon={<EditOutlined />}
                  onClick={() => onEdit(rule)}
                >
                  {t('rules.edit')}
                </Button>
              ) : null}
              {mayDelete ? (
                <Popconfirm title={t('rules.deleteConfirm')} onConfirm={() => onDelete(rule)}>
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    loading={deleting}
                  >
                    {t('rules.delete')}
                  </Button>
                </Popconfirm>
              ) : null}
            </Flex>
          ) : null}
        </Flex>
        {rule.state === 'breaching' ? (
          <Typography.Text type="warning" style={{ fontSize: 12 }}>
            {t('rules.breaches', { count: rule.breachCount })}
          </Typography.Text>
        ) : null}
      </Flex>
    </Card>
  );
}
