import { SAMPLE_NOTICES, type NotifyUse } from '@ferry/contract/client';
import { Collapse, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { templateFields, type TemplateField } from '../utils/templateFields';

/** The language's forms, each with what it does (a key of `help`). */
const FORMS = [
  { code: '{{project.name}}', key: 'value' },
  { code: '{{#if deploy.succeeded}}…{{else}}…{{/if}}', key: 'if' },
  { code: '{{#unless commit.tag}}…{{/unless}}', key: 'unless' },
  { code: '{{#each servers}}{{name}}{{/each}}', key: 'each' },
  { code: '{{@index}} {{@first}} {{@last}}', key: 'index' },
] as const;

/** The template language and the fields of the use, folded under the preview. */
export function TemplateHelp({ use, useLabel }: { use: NotifyUse; useLabel: string }) {
  const { t } = useTranslation('notification');
  const fields = useMemo(() => templateFields(SAMPLE_NOTICES[use]), [use]);
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'language',
          label: t('help.title'),
          children: (
            <>
              <dl style={{ margin: 0 }}>
                {FORMS.map((f) => (
                  <div key={f.key} style={{ marginBottom: 8 }}>
                    <dt>
                      <Typography.Text code>{f.code}</Typography.Text>
                    </dt>
                    <dd style={{ margin: '2px 0 0' }}>
                      <Typography.Text type="secondary">{t(`help.${f.key}`)}</Typography.Text>
                    </dd>
                  </div>
                ))}
              </dl>
              <Typography.Text type="secondary">{t('help.noCode')}</Typography.Text>
            </>
          ),
        },
        {
          key: 'fields',
          label: t('help.fieldsTitle', { use: useLabel }),
          children: (
            <Table<TemplateField>
              size="small"
              rowKey={(f) => `${f.depth}:${f.path}`}
              dataSource={fields}
              pagination={false}
              scroll={{ x: 'max-content' }}
              columns={[
                {
                  key: 'path',
                  title: t('help.field'),
                  render: (_, f) => (
                    <span style={{ paddingInlineStart: f.depth * 16, whiteSpace: 'nowrap' }}>
                      <Typography.Text code>{f.list ? `#each ${f.path}` : f.path}</Typography.Text>
                      {f.list ? <Tag style={{ marginInlineStart: 4 }}>{t('help.list')}</Tag> : null}
                    </span>
                  ),
                },
                {
                  key: 'sample',
                  title: t('help.sample'),
                  render: (_, f) => (
                    <Typography.Text
                      type="secondary"
                      ellipsis={{ tooltip: f.sample }}
                      style={{ maxWidth: 220 }}
                    >
                      {f.sample}
                    </Typography.Text>
                  ),
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
