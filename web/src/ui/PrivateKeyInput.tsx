import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, theme, Upload } from 'antd';
import type { ReactNode } from 'react';
import { readTextFile } from './readTextFile';
import { useFeedback } from './useFeedback';

/** The contract's limit for pasted key material. */
export const MAX_KEY_LENGTH = 16_384;

/** The translated words of a private-key input; the caller's feature owns them. */
export interface PrivateKeyTexts {
  label: string;
  extra?: ReactNode;
  required: string;
  tooLong: string;
  placeholder: string;
  loadFile: string;
  tooBig: string;
  unreadable: string;
}

interface PrivateKeyInputProps {
  name: string;
  /** A key is stored: the box may stay empty to keep it. */
  stored: boolean;
  texts: PrivateKeyTexts;
}

/**
 * Pasted private-key material (OpenSSH or PEM), or a key file read in the browser into the box:
 * the file itself is not uploaded, only the text goes with the form.
 */
export function PrivateKeyInput({ name, stored, texts }: PrivateKeyInputProps) {
  const { token } = theme.useToken();
  const { message } = useFeedback();
  const form = Form.useFormInstance();

  const load = async (file: File) => {
    if (file.size > MAX_KEY_LENGTH) {
      void message.error(texts.tooBig);
      return;
    }
    try {
      form.setFieldValue(name, (await readTextFile(file)).trim());
      void form.validateFields([name]);
    } catch {
      void message.error(texts.unreadable);
    }
  };

  return (
    <Form.Item label={texts.label} extra={texts.extra} required={!stored}>
      <Form.Item
        name={name}
        noStyle
        rules={[
          { required: !stored, whitespace: true, message: texts.required },
          { max: MAX_KEY_LENGTH, message: texts.tooLong },
        ]}
      >
        <Input.TextArea
          aria-label={texts.label}
          autoSize={{ minRows: 4, maxRows: 10 }}
          spellCheck={false}
          autoComplete="off"
          placeholder={texts.placeholder}
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
          {texts.loadFile}
        </Button>
      </Upload>
    </Form.Item>
  );
}
