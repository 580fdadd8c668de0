import { Card, Flex, Tag, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrontabSource } from '../utils/cronRows';
import { importableLineNos } from '../utils/importableLines';
import { CrontabLineRow } from './CrontabLineRow';

interface CrontabSourceCardProps {
  source: CrontabSource;
  /** The lines chosen for an import; none offered when the user may not add jobs. */
  chosen?: readonly number[];
  onChoose?: (lineNo: number, checked: boolean) => void;
}

/** One crontab of the server, line by line; its job lines can be chosen when Ferry writes it. */
export function CrontabSourceCard({
  source,
  chosen,
  onChoose,
}: CrontabSourceCardProps): ReactElement {
  const { t } = useTranslation('cron');
  const importable = new Set(chosen && onChoose ? importableLineNos(source) : []);
  const title =
    source.source === 'crontab' ? t('crontab.own', { user: source.user }) : source.source;
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{title}</Typography.Text>
          {source.editable ? (
            <Tag color="green">{t('crontab.managed')}</Tag>
          ) : (
            <Tag>{t('crontab.readOnly')}</Tag>
          )}
        </Flex>
      }
      styles={{ body: { padding: '8px 0' } }}
    >
      {source.lines.length === 0 ? (
        <Typography.Text type="secondary" style={{ padding: '0 12px' }}>
          {t('crontab.emptySource')}
        </Typography.Text>
      ) : (
        <div role="list" aria-label={title}>
          {source.lines.map((line) => (
            <div role="listitem" key={line.lineNo}>
              <CrontabLineRow
                line={line}
                checked={importable.has(line.lineNo) ? chosen?.includes(line.lineNo) : undefined}
                onCheck={
                  importable.has(line.lineNo) && onChoose
                    ? (checked) => onChoose(line.lineNo, checked)
                    : undefined
                }
              />
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
