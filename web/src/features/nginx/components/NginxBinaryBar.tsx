import {
  CaretRightOutlined,
  CheckCircleOutlined,
  EditOutlined,
  EyeOutlined,
  PoweroffOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import {
  NginxReason,
  type NginxCommand,
  type RouteOutput,
  type nginxRoutes,
} from '@ferry/contract/client';
import { Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import type { NginxAbilities } from '../hooks/useNginxAbilities';
import { useManageNginx } from '../hooks/useNginxActions';
import type { NginxResult } from '../utils/NginxResult';
import { failureResult } from '../utils/failureResult';
import { BinaryPathForm } from './BinaryPathForm';
import { EffectiveConfigDrawer } from './EffectiveConfigDrawer';

type NginxPath = RouteOutput<typeof nginxRoutes.getNginxPath>;

interface NginxBinaryBarProps {
  serverId: number;
  nginx: NginxPath;
  can: NginxAbilities;
  onResult: (result: NginxResult) => void;
}

const COMMAND_ICONS: Record<NginxCommand, React.ReactNode> = {
  check: <CheckCircleOutlined />,
  reload: <ReloadOutlined />,
  start: <CaretRightOutlined />,
  stop: <PoweroffOutlined />,
};

/** The binary in use with its prefix and main file, and what can be done with it. */
export function NginxBinaryBar({ serverId, nginx, can, onResult }: NginxBinaryBarProps) {
  const { t } = useTranslation('nginx');
  const manage = useManageNginx(serverId);
  const [changing, setChanging] = useState(false);
  const [effective, setEffective] = useState(false);
  const running = manage.isPending ? manage.variables.command : undefined;
  // start and stop go through systemd, where the server runs nginx as a service.
  const commands: NginxCommand[] = nginx.systemd
    ? ['check', 'reload', 'start', 'stop']
    : ['check', 'reload'];

  const run = (command: NginxCommand) => {
    manage.mutate(
      { command, path: nginx.path },
      {
        onSuccess: (r) =>
          onResult({
            ok: r.execRes,
            title: t(`manage.${command}.${r.execRes ? 'ok' : 'failed'}`),
            output: r.output,
          }),
        onError: (e) => {
          const title = t(
            e instanceof ApiError && e.reason === NginxReason.testFailed
              ? 'manage.testFailed'
              : `manage.${command}.failed`,
          );
          const result = failureResult(e, title);
          if (result) onResult(result);
        },
      },
    );
  };

  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        {can.manage
          ? commands.map((command) => (
              <Button
                key={command}
                icon={COMMAND_ICONS[command]}
                loading={running === command}
                disabled={running !== undefined && running !== command}
                danger={command === 'stop'}
                onClick={() => run(command)}
              >
                {t(`manage.${command}.button`)}
              </Button>
            ))
          : null}
        <Button icon={<EyeOutlined />} onClick={() => setEffective(true)}>
          {t('effective.button')}
        </Button>
        {can.manage ? (
          <Button icon={<EditOutlined />} onClick={() => setChanging(true)}>
            {t('binary.change')}
          </Button>
        ) : null}
        {nginx.candidates.length === 0 ? <Tag>{t('binary.typed')}</Tag> : null}
      </Flex>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 1, lg: 1, xl: 2, xxl: 3 }}
        items={[
          { key: 'path', label: t('binary.path'), children: <Mono text={nginx.path} /> },
          { key: 'prefix', label: t('binary.prefix'), children: <Mono text={nginx.prefix} /> },
          { key: 'conf', label: t('binary.conf'), children: <Mono text={nginx.conf} /> },
        ]}
      />
      <ResponsiveModal
        open={changing}
        title={t('binary.changeTitle')}
        footer={null}
        onCancel={() => setChanging(false)}
      >
        <Typography.Paragraph type="secondary">{t('binary.changeHelp')}</Typography.Paragraph>
        <BinaryPathForm serverId={serverId} initial={nginx} onDone={() => setChanging(false)} />
      </ResponsiveModal>
      <EffectiveConfigDrawer
        serverId={serverId}
        open={effective}
        onClose={() => setEffective(false)}
      />
    </Card>
  );
}

function Mono({ text }: { text: string }) {
  const { t } = useTranslation('nginx');
  return text ? (
    <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
      {text}
    </Typography.Text>
  ) : (
    <Typography.Text type="secondary">{t('binary.default')}</Typography.Text>
  );
}
