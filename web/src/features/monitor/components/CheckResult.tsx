import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Alert, Flex, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServerOptions } from '../../../api/options/useServerOptions';
import { ItemList } from '../../../ui/ItemList';
import type { CheckAnswer } from '../utils/MonitorRow';

/** A check's outcome: passed or failed with its latency, each item's result, the scripts' output. */
export function CheckResult({ answer }: { answer: CheckAnswer }) {
  const { t } = useTranslation('monitor');
  const { token } = theme.useToken();
  const servers = useServerOptions().data;
  const serverName = (id: number) => servers?.find((s) => s.id === id)?.name ?? `#${id}`;
  return (
    <Flex vertical gap={12} role="status" aria-live="polite" data-testid="check-result">
      <Alert
        type={answer.ok ? 'success' : 'error'}
        showIcon
        title={
          answer.ok
            ? t('test.passed', { latency: answer.latencyMs })
            : t('test.failed', { latency: answer.latencyMs })
        }
        description={answer.ok ? undefined : answer.message}
      />
      {answer.items.length > 0 ? (
        <ItemList
          size="small"
          bordered
          items={answer.items}
          renderItem={(item) => (
            <Flex vertical gap={2} style={{ minWidth: 0, width: '100%' }}>
              <Flex gap={8} align="center" wrap>
                {item.ok ? (
                  <CheckCircleFilled
                    style={{ color: token.colorSuccess }}
                    aria-label={t('test.ok')}
                  />
                ) : (
                  <CloseCircleFilled
                    style={{ color: token.colorError }}
                    aria-label={t('test.notOk')}
                  />
                )}
                <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                  {item.item}
                </Typography.Text>
                <Typography.Text type="secondary">{`${item.latencyMs} ms`}</Typography.Text>
                {item.certDaysLeft !== undefined ? (
                  <Tag color={item.certDaysLeft > 14 ? 'green' : 'orange'}>
                    {t('test.certDaysLeft', { count: item.certDaysLeft })}
                  </Tag>
                ) : null}
                {item.via === 'tcp' ? <Tag>{t('test.viaTcp')}</Tag> : null}
              </Flex>
              {item.message ? (
                <Typography.Text
                  type={item.ok ? 'secondary' : 'danger'}
                  style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                >
                  {item.message}
                </Typography.Text>
              ) : null}
            </Flex>
          )}
        />
      ) : null}
      {answer.scripts.map((s, i) => (
        <Flex key={i} vertical gap={4}>
          <Typography.Text strong>
            {t(s.kind === 'success' ? 'test.successScriptRan' : 'test.failScriptRan', {
              server: serverName(s.serverId),
              code: s.code === null ? t('test.noExitCode') : s.code,
              ms: s.durationMs,
            })}
          </Typography.Text>
          <pre
            style={{
              margin: 0,
              padding: 8,
              maxHeight: 200,
              overflow: 'auto',
              fontFamily: token.fontFamilyCode,
              fontSize: 12,
              background: token.colorFillQuaternary,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadius,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
            }}
          >
            {[s.stdout, s.stderr].filter(Boolean).join('\n') || t('test.noOutput')}
          </pre>
        </Flex>
      ))}
    </Flex>
  );
}
