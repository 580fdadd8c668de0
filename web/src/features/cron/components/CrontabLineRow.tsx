import { Checkbox, Flex, Tag, Typography, theme } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { cronLocaleOf } from '../../../ui/cronWords';
import type { CrontabLine } from '../utils/cronRows';
import { cronDescription } from '../utils/cronText';

interface CrontabLineRowProps {
  line: CrontabLine;
  /** Shown with a box to choose it for an import; undefined when it cannot be imported. */
  checked?: boolean;
  onCheck?: (checked: boolean) => void;
}

/** The colour of a line's kind tag; blank and comment lines have none. */
const KIND_COLOR: Partial<Record<CrontabLine['kind'], string>> = {
  job: 'blue',
  env: 'purple',
  fence: 'default',
  managed: 'green',
};

/** One line of a crontab, read-only: its number, its text, its kind and a job's schedule in words. */
export function CrontabLineRow({ line, checked, onCheck }: CrontabLineRowProps): ReactElement {
  const { t, i18n } = useTranslation('cron');
  const { token } = theme.useToken();
  const scheduled = line.kind === 'job' || line.kind === 'managed';
  const words = scheduled ? cronDescription(line.expression, cronLocaleOf(i18n.language)) : '';
  const color = KIND_COLOR[line.kind];
  return (
    <Flex
      gap={8}
      align="flex-start"
      data-kind={line.kind}
      style={{
        padding: '2px 8px',
        background: line.kind === 'managed' ? token.colorSuccessBg : undefined,
      }}
    >
      <span style={{ width: 16, flex: 'none' }}>
        {onCheck ? (
          <Checkbox
            checked={checked}
            aria-label={t('crontab.chooseLine', { n: line.lineNo })}
            onChange={(e) => onCheck(e.target.checked)}
          />
        ) : null}
      </span>
      <Typography.Text
        type="secondary"
        style={{ width: 32, flex: 'none', textAlign: 'right', fontFamily: token.fontFamilyCode }}
      >
        {line.lineNo}
      </Typography.Text>
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text
          type={line.kind === 'comment' || line.kind === 'fence' ? 'secondary' : undefined}
          style={{
            fontFamily: token.fontFamilyCode,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
          }}
        >
          {line.text || ' '}
        </Typography.Text>
        {words ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {line.runAs ? t('crontab.runAs', { words, user: line.runAs }) : words}
          </Typography.Text>
        ) : null}
      </Flex>
      {color ? (
        <Tag color={color} style={{ flex: 'none', marginInlineEnd: 0 }}>
          {line.kind === 'managed' && line.cronId === 0
            ? t('crontab.kind.otherNamespace')
            : t(`crontab.kind.${line.kind}`)}
        </Tag>
      ) : null}
    </Flex>
  );
}
