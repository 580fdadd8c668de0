import { FilterOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, theme, Tooltip } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn, ListDensity } from './ListSettingsContext';
import { useIsMobile } from './useIsMobile';

// A list of cards (the deploy page's first view) offers neither: its first load goes without.
const TableSettings = lazy(() => import('./TableSettings'));

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
            <span style={{ position: 'relative', display: 'inline-flex' }}>
              <Button
                icon={<FilterOutlined aria-hidden />}
                aria-expanded={open}
                onClick={() => setOpen((o) => !o)}
              >
                {t('filter.toggle')}
              </Button>
              {filtered ? <FilterDot /> : null}
            </span>
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
          <Suspense fallback={null}>
            <TableSettings
              density={props.density}
              onDensity={props.onDensity}
              columns={props.columns}
              hidden={props.hidden}
              onHidden={props.onHidden}
            />
          </Suspense>
        ) : null}
      </Flex>
    </Flex>
  );
}

/**
 * The dot on the phone's Filter button while a filter is in force (as antd's Badge draws it;
 * the Badge itself would add its number animation to every list page's first load).
 */
function FilterDot() {
  const { token } = theme.useToken();
  return (
    <span
      data-testid="filter-dot"
      style={{
        position: 'absolute',
        top: 0,
        right: 0,
        width: 6,
        height: 6,
        borderRadius: '50%',
        background: token.colorError,
        boxShadow: `0 0 0 1px ${token.colorBgContainer}`,
        transform: 'translate(50%, -50%)',
      }}
    />
  );
}
