import { Alert, Card, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TemplateCheck } from '../utils/templateCheck';

interface TemplatePreviewProps {
  title: TemplateCheck;
  body: TemplateCheck;
  useLabel: string;
}

/** The message as the channel would get it, rendered with the use's sample data. */
export function TemplatePreview({ title, body, useLabel }: TemplatePreviewProps) {
  const { t } = useTranslation('notification');
  const { token } = theme.useToken();
  const failed = [title, body].find((c) => c.kind === 'failed');
  // A text with a problem waits for it to be fixed (the field says where it is).
  const shown = (check: TemplateCheck) =>
    check.kind === 'rendered' && check.text !== '' ? (
      check.text
    ) : (
      <Typography.Text type="secondary" italic>
        {check.kind === 'problem' ? t('editor.previewBlocked') : t('editor.previewEmpty')}
      </Typography.Text>
    );
  return (
    <Card
      size="small"
      title={t('editor.preview')}
      styles={{ body: { background: token.colorFillQuaternary } }}
    >
      <section aria-label={t('editor.preview')}>
        <Typography.Text
          type="secondary"
          style={{ display: 'block', fontSize: 12, marginBottom: 8 }}
        >
          {t('editor.previewHelp', { use: useLabel })}
        </Typography.Text>
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
          {shown(title)}
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
          {shown(body)}
        </div>
      </section>
    </Card>
  );
}
