import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NginxResult } from '../utils/NginxResult';

/**
 * nginx's own words after a check, reload, start, stop or refused save: green when it passed,
 * red with the file and line it names when it failed.
 */
export function TestOutput({ result, onClose }: { result: NginxResult; onClose: () => void }) {
  const { t } = useTranslation('nginx');
  const where =
    result.file && result.line ? t('output.where', { file: result.file, line: result.line }) : '';
  return (
    <Alert
      role="region"
      aria-label={t('output.label')}
      type={result.ok ? 'success' : 'error'}
      showIcon
      closable={{ onClose, 'aria-label': t('output.close') }}
      style={{ marginBottom: 16 }}
      title={result.title}
      description={
        <>
          {where ? <Typography.Text strong>{where}</Typography.Text> : null}
          <pre
            data-testid="nginx-output"
            style={{
              margin: where ? '4px 0 0' : 0,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              fontSize: 12,
              maxHeight: 200,
              overflow: 'auto',
            }}
          >
            {result.output.trim() || t('output.none')}
          </pre>
        </>
      }
    />
  );
}
