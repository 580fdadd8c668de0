import { GlobalOutlined } from '@ant-design/icons';
import { DEPLOY_SERVER_MODES, MAX_PARALLEL_SERVERS } from '@ferry/contract/client';
import { Flex, Form, InputNumber, Radio, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { sshAddress } from '../../../ui/sshAddress';
import { useServerOptions } from '../../../api/options/useServerOptions';
import type { ServerOption } from '../../../api/options/ServerOption';

/** A server in the picker: its name, its address, and a tag when every namespace shares it. */
function ServerLabel({ server }: { server: ServerOption }) {
  const { t } = useTranslation('project');
  return (
    <Flex gap={8} align="center" wrap={false} style={{ minWidth: 0 }}>
      <Typography.Text ellipsis>{server.name}</Typography.Text>
      <Typography.Text type="secondary" ellipsis>
        {sshAddress(server.owner, server.ip, server.port)}
      </Typography.Text>
      {server.namespaceId === 0 ? (
        <Tag icon={<GlobalOutlined />} color="purple" variant="filled">
          {t('servers.shared')}
        </Tag>
      ) : null}
    </Flex>
  );
}

/**
 * The servers a deployment goes to (only enabled ones are offered), one after the other or
 * several at once.
 */
export function ServersTab() {
  const { t } = useTranslation('project');
  const servers = useServerOptions();
  const mode = Form.useWatch<string | undefined>('deployServerMode');
  // The chosen ones show by name; the list shows the address and the shared tag too.
  const options = (servers.data ?? []).map((s) => ({
    value: s.id,
    label: s.name,
    search: `${s.name} ${s.ip}:${s.port} ${s.owner}`,
    server: s,
  }));
  return (
    <>
      <Form.Item name="serverIds" label={t('servers.servers')} extra={t('servers.serversHelp')}>
        <Select
          mode="multiple"
          aria-label={t('servers.servers')}
          loading={servers.isPending}
          options={options}
          showSearch={{ optionFilterProp: 'search' }}
          optionRender={(option) => <ServerLabel server={option.data.server} />}
          placeholder={t('servers.placeholder')}
        />
      </Form.Item>
      <Form.Item name="deployServerMode" label={t('servers.mode')}>
        <Radio.Group
          options={DEPLOY_SERVER_MODES.map((value) => ({
            value,
            label: t(`servers.modes.${value}`),
          }))}
        />
      </Form.Item>
      {mode === 'parallel' ? (
        <Form.Item
          name="maxParallelServers"
          label={t('servers.maxParallel')}
          extra={t('servers.maxParallelHelp')}
          rules={[
            { required: true, message: t('rule.range', { min: 1, max: MAX_PARALLEL_SERVERS }) },
          ]}
        >
          <InputNumber min={1} max={MAX_PARALLEL_SERVERS} precision={0} style={{ width: 160 }} />
        </Form.Item>
      ) : (
        <Typography.Paragraph type="secondary">{t('servers.serialHelp')}</Typography.Paragraph>
      )}
    </>
  );
}
