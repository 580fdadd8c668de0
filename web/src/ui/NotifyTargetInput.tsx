import { EyeOutlined } from '@ant-design/icons';
import { isMaskedNotifyTarget } from '@ferry/contract/client';
import { Button, Flex, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface NotifyTargetInputProps {
  /** Set by the Form.Item around it. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /**
   * Fetches the stored address in full; given only to those who may edit the object. While the
   * field holds the masked address the list answered, a "Show" button puts the full one in.
   */
  reveal?: () => Promise<string>;
}

/**
 * A notification address field. The console answers stored addresses with their secret parts
 * masked (`••••ab12`); saved unchanged, the mask keeps the stored address.
 */
export function NotifyTargetInput({ id, value, onChange, reveal }: NotifyTargetInputProps) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const masked = isMaskedNotifyTarget(value ?? '');

  const show = async () => {
    if (!reveal) return;
    setLoading(true);
    try {
      onChange?.(await reveal());
    } catch {
      // The API layer has said why.
    } finally {
      setLoading(false);
    }
  };

  return (
    <Flex vertical gap={4}>
      <Space.Compact block>
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder="https://"
          autoComplete="off"
          spellCheck={false}
          style={{ flex: 1, minWidth: 0 }}
        />
        {reveal && masked ? (
          <Button icon={<EyeOutlined />} loading={loading} onClick={() => void show()}>
            {t('secret.show')}
          </Button>
        ) : null}
      </Space.Compact>
      {masked ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('secret.maskedHelp')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
