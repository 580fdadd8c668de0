import { Alert, Card, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TemplateCheck } from '../utils/templateCheck';

interface TemplatePreviewProps {
  title: TemplateCheck;
  body: TemplateCheck;
  useLabel: string;
}

/** A rendered text, or a dash while it has a problem (the field shows which). */
function shown(check: TemplateCheck): string | undefined {
  return check.kind === 'rendered' ? check.text : undefined;
}

/** The message as the channel would get it, rendered with the use's sample data. */
export function TemplatePreview({ title, body, useLabel }: TemplatePreviewProps) {
  const { t } = useTranslation('notification');
  const { token } = theme.useToken();
  const failed = [title, body].find((c) => c.kind === 'failed');
  const empty = <Typography.Text type="secondary">{t('editor.previewEmpty')}</Typography.Text>;
  return (
    <Card
      size="small"
      title={t('editor.preview')}
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('editor.previewHelp', { use: useLabel })}
        </Typography.Text>
      }
      styles={{ body: { background: token.colorFillQuaternary } }}
    >
      <section aria-label={t('editor.preview')}>
        {failed?.kind === 'failed' ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('editor.previewFailed', { message: failed.message })}
          />
        ) : null}
        <Typography.Text
          strong
          style={{ display: 'block', marginBottom: 8 }}
          data-testid="preview-title"
        >
          {shown(title) || empty}
        </Typography.Text>
        <div
          data-testid="preview-body"
          style={{
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            fontFamily: token.fontFamilyCode,
            fontSize: 13,
            lineHeight: 1.6,
            maxHeight: 480,
            overflow: 'auto',
          }}
        >
          {shown(body) || empty}
        </div>
      </section>
    </Card>
  );
}
