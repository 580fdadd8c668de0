import { getRouteApi } from '@tanstack/react-router';
import { Card, Segmented } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/PageHeader';
import { ToolPanel } from '../components/ToolPanel';
import { PAGE_MODES, type ToolboxMode } from '../utils/toolboxMode';

const route = getRouteApi('/app/toolbox/index');

/**
 * /toolbox/index?mode=…: the Tools page, one panel at a time (product.md §2). The mode lives in
 * the address, so a tab or a bookmark reopens the same tool; cron describes in Chinese here.
 */
export function ToolboxPage(): ReactElement {
  const { t } = useTranslation(['menu', 'toolbox']);
  const { mode } = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <>
      <PageHeader title={t('menu:toolbox')} subtitle={t('toolbox:page.subtitle')} />
      {/* Seven choices do not fit a phone: the strip scrolls sideways instead of squeezing. */}
      <div style={{ overflowX: 'auto', marginBottom: 16 }}>
        <Segmented<ToolboxMode>
          aria-label={t('toolbox:page.mode')}
          value={mode}
          onChange={(next) => void navigate({ search: { mode: next } })}
          options={PAGE_MODES.map((m) => ({ value: m, label: t(`toolbox:tools.${m}`) }))}
        />
      </div>
      <Card>
        <ToolPanel key={mode} tool={mode} cronLanguage="zh_CN" />
      </Card>
    </>
  );
}
