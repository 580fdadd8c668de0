import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { TableToolbar } from '../../../ui/TableToolbar';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { ProjectFilter } from '../utils/filterProjects';

interface ProjectToolbarProps {
  filter: ProjectFilter;
  onChange: (filter: ProjectFilter) => void;
  /** Every label in use, for the label filter. */
  labels: readonly string[];
}

/** Search by name, filter by labels. */
export function ProjectToolbar({ filter, onChange, labels }: ProjectToolbarProps) {
  const { t } = useTranslation('project');
  const mobile = useIsMobile();
  return (
    <TableToolbar
      searches={[
        {
          key: 'name',
          value: filter.name,
          onChange: (name) => onChange({ ...filter, name }),
          label: t('filter.name'),
          placeholder: t('filter.namePlaceholder'),
        },
      ]}
    >
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
    </TableToolbar>
  );
}
