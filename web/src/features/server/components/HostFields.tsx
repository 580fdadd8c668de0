import { isHost } from '@ferry/contract/client';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';

interface HostFieldsProps {
  /** The jump host's fields (`jumpIP`, `jumpPort`, `jumpOwner`) rather than the server's. */
  jump?: boolean;
}

/** Host, port and login user, on one row on wide screens; the rules mirror the contract's. */
export function HostFields({ jump }: HostFieldsProps) {
  const { t } = useTranslation('server');
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item
          name={jump ? 'jumpIP' : 'ip'}
          label={t('form.host')}
          rules={[
            { required: true, whitespace: true, message: t('form.hostRequired') },
            {
              validator: (_, v: string | undefined) =>
                !v?.trim() || isHost(v.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('form.hostRule'))),
            },
          ]}
        >
          <Input placeholder="192.168.1.10" autoComplete="off" spellCheck={false} maxLength={255} />
        </Form.Item>
      </Col>
      <Col xs={10} sm={4}>
        <Form.Item
          name={jump ? 'jumpPort' : 'port'}
          label={t('form.port')}
          rules={[
            { required: true, message: t('form.portRule') },
            { type: 'integer', min: 1, max: 65535, message: t('form.portRule') },
          ]}
        >
          <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={14} sm={8}>
        <Form.Item
          name={jump ? 'jumpOwner' : 'owner'}
          label={t('form.owner')}
          rules={[
            { required: true, whitespace: true, message: t('form.ownerRequired') },
            { max: 255, message: t('form.tooLong', { max: 255 }) },
          ]}
        >
          <Input placeholder="root" autoComplete="off" spellCheck={false} maxLength={255} />
        </Form.Item>
      </Col>
    </Row>
  );
}
