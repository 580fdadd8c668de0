import { AppstoreOutlined, SearchOutlined, TableOutlined } from '@ant-design/icons';
import { ENVIRONMENTS } from '@ferry/contract/client';
import { Button, Flex, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySelect } from '../../../ui/LazySelect';
import { PlainInput } from '../../../ui/PlainInput';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { DeployView } from '../hooks/useDeployView';
import type { DeployFilter } from '../utils/filterDeploys';

const VIEWS: ReadonlyArray<{ value: DeployView; icon: ReactNode }> = [
  { value: 'card', icon: <AppstoreOutlined aria-hidden /> },
  { value: 'table', icon: <TableOutlined aria-hidden /> },
];

interface DeployToolbarProps {
  filter: DeployFilter;
  onChange: (filter: DeployFilter) => void;
  /** Every label of the projects. */
  labels: readonly string[];
  view: DeployView;
  onView: (view: DeployView) => void;
}

/**
 * The deploy page's filters, applied as typed: name, labels and environment (the selects' code
 * arrives when one is first used); then cards or table (phones always show cards). Sits in the
 * list scaffold's bar, which adds reload and, for the table, density and columns.
 */
export function DeployToolbar(props: DeployToolbarProps) {
  const { filter, onChange } = props;
  const { t } = useTranslation(['deploy', 'common']);
  const mobile = useIsMobile();
  const width = (desktop: number) => (mobile ? { width: '100%' } : { width: desktop });
  return (
    <Flex gap={12} wrap align="center">
      <PlainInput
        allowClear
        prefix={<SearchOutlined />}
        value={filter.name}
        onChange={(e) => onChange({ ...filter, name: e.target.value })}
        placeholder={t('deploy:filter.namePlaceholder')}
        aria-label={t('deploy:filter.name')}
        style={width(200)}
      />
      <LazySelect
        mode="multiple"
        allowClear
        value={filter.labels}
        onChange={(labels) => onChange({ ...filter, labels })}
        options={props.labels.map((l) => ({ value: l, label: l }))}
        placeholder={t('deploy:filter.labelPlaceholder')}
        aria-label={t('deploy:filter.label')}
        maxTagCount="responsive"
        style={mobile ? { width: '100%' } : { minWidth: 180, maxWidth: 320 }}
      />
      <LazySelect
        allowClear
        value={filter.environment}
        onChange={(environment?: number) => onChange({ ...filter, environment })}
        options={ENVIRONMENTS.map((e) => ({ value: e, label: t(`common:environment.${e}`) }))}
        placeholder={t('deploy:filter.environmentPlaceholder')}
        aria-label={t('deploy:filter.environment')}
        style={width(160)}
      />
      {mobile ? null : (
        // Two pressed-or-not buttons: antd's Segmented would add its own code to the first load.
        <Space.Compact
          role="group"
          aria-label={t('deploy:filter.view')}
          style={{ marginInlineStart: 'auto' }}
        >
          {VIEWS.map(({ value, icon }) => (
            <Button
              key={value}
              icon={icon}
              type={props.view === value ? 'primary' : 'default'}
              aria-pressed={props.view === value}
              onClick={() => props.onView(value)}
            >
              {t(value === 'card' ? 'deploy:filter.cards' : 'deploy:filter.table')}
            </Button>
          ))}
        </Space.Compact>
      )}
    </Flex>
  );
}
