import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { ProjectFilter } from '../utils/filterProjects';

interface ProjectToolbarProps {
  filter: ProjectFilter;
  onChange: (filter: ProjectFilter) => void;
  /** Every label in use, for the label filter. */
  labels: readonly string[];
  refreshing: boolean;
  onRefresh: () => void;
}

/** Search by name, filter by labels, refresh; wraps on narrow screens. */
export function ProjectToolbar({
  filter,
  onChange,
  labels,
  refreshing,
  onRefresh,
}: ProjectToolbarProps) {
  const { t } = useTranslation('project');
  const mobile = useIsMobile();
  return (
    <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        value={filter.name}
        onChange={(e) => onChange({ ...filter, name: e.target.value })}
        placeholder={t('filter.namePlaceholder')}
        aria-label={t('filter.name')}
        style={mobile ? { width: '100%' } : { width: 220 }}
      />
      <Select
        mode="multiple"
        allowClear
        value={filter.labels}
        onChange={(chosen) => onChange({ ...filter, labels: chosen })}
        options={labels.map((l) => ({ value: l, label: l }))}
        placeholder={t('filter.labelPlaceholder')}
        aria-label={t('filter.label')}
        maxTagCount="responsive"
        style={mobile ? { width: '100%' } : { minWidth: 220, maxWidth: 360 }}
      />
      <Tooltip title={t('filter.refresh')}>
        <Button
          icon={<ReloadOutlined spin={refreshing} />}
          onClick={onRefresh}
          aria-label={t('filter.refresh')}
        />
      </Tooltip>
    </Flex>
  );
}
