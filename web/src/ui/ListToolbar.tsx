import { FilterOutlined, ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnSettings } from './ColumnSettings';
import { DensityMenu } from './DensityMenu';
import type { ListColumn, ListDensity } from './ListSettingsContext';
import { useIsMobile } from './useIsMobile';

interface ListToolbarProps {
  filters?: ReactNode;
  /** Whether a filter is in force: the phone's Filter button then carries a dot. */
  filtered: boolean;
  reloading: boolean;
  onReload: () => void;
  density: ListDensity;
  onDensity: (density: ListDensity) => void;
  columns: readonly ListColumn[];
  hidden: ReadonlySet<string>;
  onHidden: (hidden: ReadonlySet<string>) => void;
}

/**
 * The bar above a list: its filters on the left; reload, density and column settings on the
 * right. On phones the filters fold behind a "Filter" button and the table settings go (the
 * list there shows cards).
 */
export function ListToolbar(props: ListToolbarProps) {
  const { filters, filtered, reloading, onReload } = props;
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const reload = (
    <Tooltip title={t('table.refresh')}>
      <Button
        icon={<ReloadOutlined spin={reloading} aria-hidden />}
        onClick={onReload}
        aria-label={t('table.refresh')}
      />
    </Tooltip>
  );
  if (mobile) {
    return (
      <div style={{ marginBottom: 12 }}>
        <Flex gap={8} justify="space-between">
          {filters ? (
            <Badge dot={filtered}>
              <Button
                icon={<FilterOutlined aria-hidden />}
                aria-expanded={open}
                onClick={() => setOpen((o) => !o)}
              >
                {t('filter.toggle')}
              </Button>
            </Badge>
          ) : (
            <span />
          )}
          {reload}
        </Flex>
        {open && filters ? <div style={{ marginTop: 12 }}>{filters}</div> : null}
      </div>
    );
  }
  return (
    <Flex gap={12} align="flex-start" justify="space-between" style={{ marginBottom: 16 }}>
      <div style={{ minWidth: 0, flex: 1 }}>{filters}</div>
      <Flex gap={8} style={{ flex: 'none' }}>
        {reload}
        {/* Row height and columns are a table's: a list of cards offers neither. */}
        {props.columns.length > 0 ? (
          <DensityMenu value={props.density} onChange={props.onDensity} />
        ) : null}
        <ColumnSettings columns={props.columns} hidden={props.hidden} onChange={props.onHidden} />
      </Flex>
    </Flex>
  );
}
