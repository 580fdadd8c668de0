import { Alert, Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Whether an FTPS source skips the check of its server's certificate: off by default; turned on,
 * a warning says what that opens the door to.
 */
export function FtpsCheckField() {
  const { t } = useTranslation('project');
  const skipped = Form.useWatch<boolean | undefined>('repoTlsSkipVerify') ?? false;
  return (
    <>
      <Form.Item
        name="repoTlsSkipVerify"
        valuePropName="checked"
        extra={t('repo.tlsSkipVerifyHelp')}
        style={skipped ? { marginBottom: 8 } : undefined}
      >
        <Checkbox>{t('repo.tlsSkipVerify')}</Checkbox>
      </Form.Item>
      {skipped ? (
        <Alert
          type="warning"
          showIcon
          title={t('repo.tlsSkipVerifyWarning')}
          style={{ marginBottom: 24 }}
        />
      ) : null}
    </>
  );
}
