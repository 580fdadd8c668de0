import { CopyOutlined } from '@ant-design/icons';
import { Button, Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../ui/copyText';
import { useFeedback } from '../../../ui/useFeedback';
import { prettyJson } from '../utils/prettyJson';

interface JsonBlockProps {
  title: string;
  /** The stored text: indented when it is JSON, shown as it is otherwise. */
  data: string;
  copyLabel: string;
}

/** A titled, copyable monospace block for a stored request or response. */
export function JsonBlock({ title, data, copyLabel }: JsonBlockProps) {
  const { t } = useTranslation(['log', 'common']);
  const { token } = theme.useToken();
  const { message } = useFeedback();
  const pretty = prettyJson(data);

  const copy = async () => {
    if (await copyText(pretty.text)) void message.success(t('common:action.copied'));
    else void message.error(t('common:action.copyFailed'));
  };

  return (
    <section aria-label={title}>
      <Flex align="center" justify="space-between" gap={8} style={{ marginBottom: 8 }}>
        <Flex align="baseline" gap={8} wrap>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {data.trim() && !pretty.isJson ? (
            <Typography.Text type="secondary">{t('log:operationLog.notJson')}</Typography.Text>
          ) : null}
        </Flex>
        <Button
          size="small"
          icon={<CopyOutlined />}
          disabled={!data}
          onClick={() => void copy()}
          aria-label={copyLabel}
          title={copyLabel}
        >
          {t('common:action.copy')}
        </Button>
      </Flex>
      {data.trim() ? (
        <pre
          style={{
            margin: 0,
            padding: 12,
            maxHeight: '50vh',
            overflow: 'auto',
            fontFamily: token.fontFamilyCode,
            fontSize: token.fontSizeSM,
            lineHeight: 1.6,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
            color: token.colorText,
            background: token.colorFillQuaternary,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadius,
          }}
        >
          {pretty.text}
        </pre>
      ) : (
        <Typography.Text type="secondary">{t('log:operationLog.nothing')}</Typography.Text>
      )}
    </section>
  );
}
