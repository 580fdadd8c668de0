import { Card } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/PageHeader';
import { ToolPanel } from '../components/ToolPanel';

/** /toolbox/json: the JSON formatter alone, with the whole page's width. */
export function JsonFormatterPage(): ReactElement {
  const { t } = useTranslation(['menu', 'toolbox']);
  return (
    <>
      <PageHeader title={t('menu:jsonFormatter')} subtitle={t('toolbox:page.subtitle')} />
      <Card>
        <ToolPanel tool="json" cronLanguage="zh_CN" />
      </Card>
    </>
  );
}
