import { Button, Divider, Flex, Input, Space } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { CronHelp } from '../components/cron/CronHelp';
import { CronResult } from '../components/cron/CronResult';
import type { CronLocale } from '../utils/cron';

interface CronToolProps {
  /**
   * The language of the description: always Chinese on the Tools page (product.md §9), the
   * interface language in the navbar dialog.
   */
  descriptionLanguage: 'zh_CN' | 'ui';
}

/** Crontab describer: an expression in, its description and next five runs out. */
export function CronTool({ descriptionLanguage }: CronToolProps): ReactElement {
  const { t, i18n } = useTranslation('toolbox');
  const [draft, setDraft] = useState('');
  const [submitted, setSubmitted] = useState<string | undefined>();
  const uiLocale: CronLocale = i18n.language === 'zh-CN' ? 'zh_CN' : 'en';
  const locale = descriptionLanguage === 'zh_CN' ? 'zh_CN' : uiLocale;
  const submit = () => setSubmitted(draft);

  return (
    <Flex vertical gap={16}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={submit}
          placeholder="* * * * ?"
          aria-label={t('cron.expression')}
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
        />
        <Button type="primary" onClick={submit} aria-label={t('cron.describe')}>
          {'>>'}
        </Button>
      </Space.Compact>
      {submitted === undefined ? null : <CronResult expression={submitted} locale={locale} />}
      <Divider style={{ margin: 0 }} />
      <CronHelp />
    </Flex>
  );
}
