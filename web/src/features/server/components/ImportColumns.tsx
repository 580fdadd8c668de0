import { SERVER_IMPORT_COLUMNS } from '@ferry/contract/client';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REQUIRED_IMPORT_COLUMNS } from '../utils/csvTemplate';

/** The CSV columns in order, the required ones marked, and what the less obvious ones hold. */
export function ImportColumns() {
  const { t } = useTranslation('server');
  return (
    <Flex vertical gap={8}>
      <Typography.Text>{t('import.columnsHelp')}</Typography.Text>
      <Flex gap={6} wrap role="list" aria-label={t('import.columns')}>
        {SERVER_IMPORT_COLUMNS.map((c) => {
          const required = REQUIRED_IMPORT_COLUMNS.includes(c);
          return (
            <Tag
              key={c}
              role="listitem"
              color={required ? 'processing' : undefined}
              variant={required ? 'filled' : 'outlined'}
              style={{ marginInlineEnd: 0 }}
            >
              {c}
              {required ? <span aria-label={t('import.required')}> *</span> : null}
            </Tag>
          );
        })}
      </Flex>
      <Typography.Text type="secondary">{t('import.requiredHelp')}</Typography.Text>
      <Typography.Text type="secondary">{t('import.secretsHelp')}</Typography.Text>
    </Flex>
  );
}
