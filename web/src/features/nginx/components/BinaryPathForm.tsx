import { isNginxBinaryPath, NGINX_BINARY_RULE, normalizeNginxDir } from '@ferry/contract/client';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useSetNginxPath } from '../hooks/useNginxActions';

interface BinaryPathFormProps {
  serverId: number;
  /** What is stored now, to start from. */
  initial: { path: string; prefix: string; conf: string };
  onDone?: () => void;
}

interface Values {
  path: string;
  prefix: string;
  conf: string;
}

const optionalDir = (v: string) => v === '' || normalizeNginxDir(v) === v;

/** The binary to use where no running nginx is found, with its prefix and main file if needed. */
export function BinaryPathForm({ serverId, initial, onDone }: BinaryPathFormProps) {
  const { t } = useTranslation('nginx');
  const mobile = useIsMobile();
  const [form] = Form.useForm<Values>();
  const save = useSetNginxPath(serverId);

  const submit = (values: Values) => {
    save.mutate(
      { path: values.path.trim(), prefix: values.prefix.trim(), conf: values.conf.trim() },
      {
        onSuccess: () => onDone?.(),
        onError: (e) => {
          if (e instanceof ApiError) form.setFields([{ name: 'path', errors: [errorText(e)] }]);
        },
      },
    );
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{
        path: initial.path || '/usr/sbin/nginx',
        prefix: initial.prefix,
        conf: initial.conf,
      }}
      onFinish={submit}
      style={{ width: mobile ? '100%' : 440, margin: '0 auto', textAlign: 'start' }}
    >
      <Form.Item
        name="path"
        label={t('binary.path')}
        rules={[
          {
            validator: (_, v: string) =>
              isNginxBinaryPath(v.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t('binary.pathRule', { rule: NGINX_BINARY_RULE }))),
          },
        ]}
      >
        <Input placeholder="/usr/sbin/nginx" autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item
        name="prefix"
        label={t('binary.prefix')}
        extra={t('binary.prefixHelp')}
        rules={[{ validator: (_, v: string) => dirCheck(v, t('binary.dirRule')) }]}
      >
        <Input placeholder="/etc/nginx" autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item
        name="conf"
        label={t('binary.conf')}
        extra={t('binary.confHelp')}
        rules={[{ validator: (_, v: string) => dirCheck(v, t('binary.dirRule')) }]}
      >
        <Input placeholder="/etc/nginx/nginx.conf" autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} block={mobile}>
        {t('binary.save')}
      </Button>
    </Form>
  );
}

function dirCheck(value: string | undefined, message: string): Promise<void> {
  return optionalDir((value ?? '').trim()) ? Promise.resolve() : Promise.reject(new Error(message));
}
