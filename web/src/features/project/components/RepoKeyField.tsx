import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, theme, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { StoredTag } from '../../server/components/StoredTag';
import { readTextFile } from '../../server/utils/readTextFile';

/** The contract's limit for pasted key material. */
const MAX_KEY = 16_384;

/**
 * A pasted deploy key (an unencrypted OpenSSH or PEM private key), or a key file read in the
 * browser into the box: the file itself is not uploaded, only the text goes with the form.
 */
export function RepoKeyField({ stored }: { stored: boolean }) {
  const { t } = useTranslation('project');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const form = Form.useFormInstance();

  const load = async (file: File) => {
    if (file.size > MAX_KEY) {
      void message.error(t('repo.keyFileTooBig', { max: MAX_KEY }));
      return;
    }
    try {
      form.setFieldValue('repoPrivateKey', (await readTextFile(file)).trim());
      void form.validateFields(['repoPrivateKey']);
    } catch {
      void message.error(t('repo.keyFileUnreadable'));
    }
  };

  return (
    <Form.Item
      label={t('repo.privateKey')}
      required={!stored}
      extra={
        <>
          {stored ? <StoredTag /> : null} {t('repo.privateKeyHelp')}
        </>
      }
    >
      <Form.Item
        name="repoPrivateKey"
        noStyle
        rules={[
          { required: !stored, whitespace: true, message: t('repo.privateKeyRequired') },
          { max: MAX_KEY, message: t('rule.tooLong') },
        ]}
      >
        <Input.TextArea
          aria-label={t('repo.privateKey')}
          autoSize={{ minRows: 4, maxRows: 10 }}
          spellCheck={false}
          autoComplete="off"
          placeholder={stored ? t('repo.unchanged') : '-----BEGIN OPENSSH PRIVATE KEY-----'}
          style={{ fontFamily: token.fontFamilyCode, fontSize: token.fontSizeSM }}
        />
      </Form.Item>
      <Upload
        showUploadList={false}
        beforeUpload={(file) => {
          void load(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button size="small" icon={<UploadOutlined />} style={{ marginTop: 8 }}>
          {t('repo.loadKeyFile')}
        </Button>
      </Upload>
    </Form.Item>
  );
}
