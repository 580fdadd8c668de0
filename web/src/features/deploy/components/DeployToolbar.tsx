import { AppstoreOutlined, SearchOutlined, TableOutlined } from '@ant-design/icons';
import { ENVIRONMENTS } from '@ferry/contract/client';
import { Flex, Input, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { DeployView } from '../hooks/useDeployView';
import type { DeployFilter } from '../utils/filterDeploys';

interface DeployToolbarProps {
  filter: DeployFilter;
  onChange: (filter: DeployFilter) => void;
  /** Every label of the projects. */
  labels: readonly string[];
  view: DeployView;
  onView: (view: DeployView) => void;
}

/**
 * The deploy page's filters, applied as typed: name, labels and environment; then cards or table
 * (phones always show cards). Sits in the list scaffold's bar, which adds reload and, for the
 * table, density and columns.
 */
export function DeployToolbar(props: DeployToolbarProps) {
  const { filter, onChange } = props;
  const { t } = useTranslation(['deploy', 'common']);
  const mobile = useIsMobile();
  const width = (desktop: number) => (mobile ? { width: '100%' } : { width: desktop });
  return (
    <Flex gap={12} wrap align="center">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        value={filter.name}
        onChange={(e) => onChange({ ...filter, name: e.target.value })}
        placeholder={t('deploy:filter.namePlaceholder')}
        aria-label={t('deploy:filter.name')}
        style={width(200)}
      />
      <Select
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
      <Select
        allowClear
        value={filter.environment}
        onChange={(environment?: number) => onChange({ ...filter, environment })}
        options={ENVIRONMENTS.map((e) => ({ value: e, label: t(`common:environment.${e}`) }))}
        placeholder={t('deploy:filter.environmentPlaceholder')}
        aria-label={t('deploy:filter.environment')}
        style={width(160)}
      />
      {mobile ? null : (
        <Segmented<DeployView>
          value={props.view}
          onChange={props.onView}
          aria-label={t('deploy:filter.view')}
          style={{ marginInlineStart: 'auto' }}
          options={[
            { value: 'card', icon: <AppstoreOutlined />, label: t('deploy:filter.cards') },
            { value: 'table', icon: <TableOutlined />, label: t('deploy:filter.table') },
          ]}
        />
      )}
    </Flex>
  );
}
