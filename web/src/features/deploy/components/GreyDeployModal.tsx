import { Checkbox, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { TableEmpty } from '../../../ui/TableEmpty';
import { useBoundServers } from '../hooks/useBoundServers';
import type { DeployRow } from '../utils/DeployRow';
import type { PublishTarget } from '../utils/PublishTarget';

interface GreyDeployModalProps {
  open: boolean;
  project?: DeployRow;
  onClose: () => void;
  onPick: (target: PublishTarget) => void;
}

/** A grey (canary) deploy: some of the project's servers first, the rest later. */
export function GreyDeployModal({ open, project, onClose, onPick }: GreyDeployModalProps) {
  const { t } = useTranslation(['deploy', 'common']);
  const [chosen, setChosen] = useState<number[]>([]);
  const servers = useBoundServers(project?.id ?? 0, open && project !== undefined);
  if (!project) return null;
  const list = servers.data ?? [];
  const next = () =>
    onPick({
      servers: list
        .filter((b) => chosen.includes(b.serverId))
        .map((b) => ({ id: b.serverId, name: b.server.name })),
    });

  return (
    <ResponsiveModal
      open={open}
      title={
        // A long project name wraps before the close button instead of running under it.
        <div style={{ paddingInlineEnd: 32, overflowWrap: 'anywhere' }}>
          {t('deploy:grey.title', { name: project.name })}
        </div>
      }
      okText={t('deploy:grey.next')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ disabled: chosen.length === 0 }}
      onOk={next}
      onCancel={onClose}
      afterClose={() => setChosen([])}
    >
      <Typography.Paragraph type="secondary">{t('deploy:grey.help')}</Typography.Paragraph>
      {servers.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : list.length === 0 ? (
        <TableEmpty text={t('deploy:grey.none')} />
      ) : (
        <Flex vertical gap={8}>
          <Checkbox
            checked={chosen.length === list.length}
            indeterminate={chosen.length > 0 && chosen.length < list.length}
            onChange={(e) => setChosen(e.target.checked ? list.map((b) => b.serverId) : [])}
          >
            {t('deploy:grey.all')}
          </Checkbox>
          <Checkbox.Group
            value={chosen}
            onChange={(ids) => setChosen(ids)}
            style={{ display: 'flex', flexDirection: 'column', gap: 8, paddingInlineStart: 24 }}
            options={list.map((b) => ({
              value: b.serverId,
              label: `${b.server.name} (${b.server.ip}:${b.server.port})`,
            }))}
          />
        </Flex>
      )}
    </ResponsiveModal>
  );
}
