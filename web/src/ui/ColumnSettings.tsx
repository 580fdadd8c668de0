import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from './ListSettingsContext';

interface ColumnSettingsProps {
  /** The columns a reader may hide (not the first one, nor the actions). */
  columns: readonly ListColumn[];
  hidden: ReadonlySet<string>;
  onChange: (hidden: ReadonlySet<string>) => void;
}

/** Which columns the table shows, one checkbox each, and a reset. */
export function ColumnSettings({ columns, hidden, onChange }: ColumnSettingsProps) {
  const { t } = useTranslation();
  if (columns.length === 0) return null;
  const toggle = (key: string, shown: boolean) => {
    const next = new Set(hidden);
    if (shown) next.delete(key);
    else next.add(key);
    onChange(next);
  };
  const content = (
    <Flex vertical gap={6} role="group" aria-label={t('table.columns.label')}>
      {columns.map((c) => (
        <Checkbox
          key={c.key}
          checked={!hidden.has(c.key)}
          onChange={(e) => toggle(c.key, e.target.checked)}
        >
          {c.title}
        </Checkbox>
      ))}
      <Button size="small" type="link" onClick={() => onChange(new Set())} style={{ padding: 0 }}>
        {t('table.columns.reset')}
      </Button>
    </Flex>
  );
  return (
    <Tooltip title={t('table.columns.label')}>
      <Popover trigger="click" placement="bottomRight" content={content}>
        <Button icon={<SettingOutlined aria-hidden />} aria-label={t('table.columns.label')} />
      </Popover>
    </Tooltip>
  );
}
