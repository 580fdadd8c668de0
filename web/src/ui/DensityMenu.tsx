import { ColumnHeightOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListDensity } from './ListSettingsContext';

interface DensityMenuProps {
  value: ListDensity;
  onChange: (density: ListDensity) => void;
}

const DENSITIES: readonly ListDensity[] = ['large', 'medium', 'small'];

/** The table's row height: comfortable, standard or compact. */
export function DensityMenu({ value, onChange }: DensityMenuProps) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('table.density.label')}>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [value],
          items: DENSITIES.map((d) => ({ key: d, label: t(`table.density.${d}`) })),
          onClick: ({ key }) => onChange(key as ListDensity),
        }}
      >
        <Button icon={<ColumnHeightOutlined aria-hidden />} aria-label={t('table.density.label')} />
      </Dropdown>
    </Tooltip>
  );
}
