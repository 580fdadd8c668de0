import { AppstoreOutlined, ReloadOutlined, SearchOutlined, TableOutlined } from '@ant-design/icons';
import { ENVIRONMENTS } from '@ferry/contract/client';
import { Button, Flex, Input, Segmented, Select, Tooltip } from 'antd';
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
  refreshing: boolean;
  onRefresh: () => void;
}

/** Search by name, label and environment; cards or table; refresh. Wraps on narrow screens. */
export function DeployToolbar(props: DeployToolbarProps) {
  const { filter, onChange } = props;
  const { t } = useTranslation(['deploy', 'common']);
  const mobile = useIsMobile();
  const width = (desktop: number) => (mobile ? { width: '100%' } : { width: desktop });
  return (
    <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
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
      <Flex gap={8} style={{ marginInlineStart: mobile ? 0 : 'auto' }}>
        <Segmented<DeployView>
          value={props.view}
          onChange={props.onView}
          aria-label={t('deploy:filter.view')}
          options={[
            { value: 'card', icon: <AppstoreOutlined />, label: t('deploy:filter.cards') },
            { value: 'table', icon: <TableOutlined />, label: t('deploy:filter.table') },
          ]}
        />
        <Tooltip title={t('deploy:filter.refresh')}>
          <Button
            icon={<ReloadOutlined spin={props.refreshing} />}
            onClick={props.onRefresh}
            aria-label={t('deploy:filter.refresh')}
          />
        </Tooltip>
      </Flex>
    </Flex>
  );
}
