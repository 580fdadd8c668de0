import { SERVER_AUTH_TYPES, type ServerAuthType } from '@ferry/contract/client';
import { Flex, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsoleKeyView } from '../../../ui/ConsoleKeyView';
import { PrivateKeyField } from './PrivateKeyField';
import { SecretField } from './SecretField';

/** Which secrets an empty field keeps for this login (all false for a new server). */
export interface StoredSecrets {
  password: boolean;
  privateKey: boolean;
  passphrase: boolean;
  /** A password is stored but the address changed: it must be typed again. */
  passwordDropped: boolean;
}

interface AuthFieldsProps {
  /** The jump host's login (fields prefixed `jump`) rather than the server's. */
  jump?: boolean;
  stored: StoredSecrets;
}

const named = (jump: boolean | undefined, field: string) =>
  jump ? `jump${field.charAt(0).toUpperCase()}${field.slice(1)}` : field;

/** How to log in, and the fields of the chosen way. */
export function AuthFields({ jump, stored }: AuthFieldsProps) {
  const { t } = useTranslation('server');
  const typeName = named(jump, 'authType');
  const authType = Form.useWatch<ServerAuthType | undefined>(typeName) ?? 'password';

  return (
    <>
      <Form.Item name={typeName} label={t('form.authType')}>
        <Radio.Group
          options={SERVER_AUTH_TYPES.map((value) => ({ value, label: t(`auth.${value}`) }))}
        />
      </Form.Item>
      {authType === 'password' ? (
        <SecretField
          name={named(jump, 'password')}
          label={t('form.password')}
          stored={stored.password}
          required
          requiredMessage={t('form.passwordRequired')}
          help={stored.passwordDropped ? t('form.passwordAgain') : undefined}
        />
      ) : null}
      {authType === 'key' ? (
        <PrivateKeyField name={named(jump, 'privateKey')} stored={stored.privateKey} />
      ) : null}
      {authType === 'keyFile' ? (
        <Form.Item
          name={named(jump, 'path')}
          label={t('form.path')}
          extra={t('form.pathHelp')}
          rules={[
            { required: true, whitespace: true, message: t('form.pathRequired') },
            { pattern: /^\s*\//, message: t('form.pathAbsolute') },
            { max: 255, message: t('form.tooLong', { max: 255 }) },
          ]}
        >
          <Input placeholder={t('form.pathPlaceholder')} autoComplete="off" maxLength={255} />
        </Form.Item>
      ) : null}
      {authType === 'key' || authType === 'keyFile' ? (
        <SecretField
          name={named(jump, 'passphrase')}
          label={t('form.passphrase')}
          stored={stored.passphrase}
          required={false}
        />
      ) : null}
      {authType === 'consoleKey' ? (
        <Flex vertical gap={8} style={{ marginBottom: 24 }}>
          <Typography.Text type="secondary">{t('form.consoleKeyHelp')}</Typography.Text>
          <ConsoleKeyView />
        </Flex>
      ) : null}
    </>
  );
}
