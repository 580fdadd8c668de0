import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, theme, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { readTextFile } from '../utils/readTextFile';
import { StoredTag } from './StoredTag';

/** The contract's limit for pasted key material. */
const MAX_KEY = 16_384;

interface PrivateKeyFieldProps {
  name: string;
  stored: boolean;
}

/**
 * Pasted private-key material (OpenSSH or PEM), or a key file read in the browser into the box:
 * the file itself is not uploaded, only the text goes with the form.
 */
export function PrivateKeyField({ name, stored }: PrivateKeyFieldProps) {
  const { t } = useTranslation('server');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const form = Form.useFormInstance();

  const load = async (file: File) => {
    if (file.size > MAX_KEY) {
      void message.error(t('form.keyFileTooBig', { max: MAX_KEY }));
      return;
    }
    try {
      form.setFieldValue(name, (await readTextFile(file)).trim());
      void form.validateFields([name]);
    } catch {
      void message.error(t('form.keyFileUnreadable'));
    }
  };

  return (
    <Form.Item
      label={t('form.privateKey')}
      extra={stored ? <StoredTag /> : undefined}
      required={!stored}
    >
      <Form.Item
        name={name}
        noStyle
        rules={[
          { required: !stored, whitespace: true, message: t('form.privateKeyRequired') },
          { max: MAX_KEY, message: t('form.tooLong', { max: MAX_KEY }) },
        ]}
      >
        <Input.TextArea
          aria-label={t('form.privateKey')}
          autoSize={{ minRows: 4, maxRows: 10 }}
          spellCheck={false}
          autoComplete="off"
          placeholder={stored ? t('form.unchanged') : t('form.privateKeyPlaceholder')}
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
          {t('form.loadKeyFile')}
        </Button>
      </Upload>
    </Form.Item>
  );
}
