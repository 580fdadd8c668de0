import { PlusOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListBody } from '../../../ui/ListBody';
import { queryListProps } from '../../../ui/queryListProps';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useDialog } from '../../../ui/useDialog';
import { ResponsiveDrawer } from '../../../ui/ResponsiveDrawer';
import { useProjectProcesses, useProjectProcessMutations } from '../hooks/useProjectProcesses';
import type { DeployRow } from '../utils/DeployRow';
import { ProcessFormDrawer } from './ProcessFormDrawer';
import { ProcessRunner } from './ProcessRunner';
import { ProcessTable, type ProcessRow } from './ProcessTable';

interface ProcessDrawerProps {
  open: boolean;
  project?: Pick<DeployRow, 'id' | 'name'>;
  onClose: () => void;
}

/**
 * A project's processes (goploy's process manager): named status, start, stop and restart
 * commands, kept and edited here, and run on the project's servers with live output.
 */
export function ProcessDrawer({ open, project, onClose }: ProcessDrawerProps) {
  const { t } = useTranslation('projectTools');
  const projectId = open && project ? project.id : 0;
  const processes = useProjectProcesses(projectId);
  const { remove } = useProjectProcessMutations(projectId);
  const editor = useDialog<ProcessRow>();
  const confirm = useConfirmAction();
  const [selectedId, setSelectedId] = useState<number>();
  const rows = processes.data?.list ?? [];
  // The one chosen, else the first, so a project with processes always offers their commands.
  const selected = rows.find((r) => r.id === selectedId) ?? rows[0];

  return (
    <ResponsiveDrawer
      open={open}
      onClose={onClose}
      width={900}
      title={project ? t('process.title', { name: project.name }) : ''}
      afterOpenChange={(shown) => {
        if (!shown) setSelectedId(undefined);
      }}
    >
      {project ? (
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text type="secondary" style={{ flex: '1 1 260px' }}>
              {t('process.help')}
            </Typography.Text>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.show(undefined)}>
              {t('process.add')}
            </Button>
          </Flex>
          <ListBody {...queryListProps(processes, t('process.loadFailed'))}>
            <ProcessTable
              rows={rows}
              loading={processes.isPending}
              selectedId={selected?.id}
              onSelect={(r) => setSelectedId(r.id)}
              onEdit={(r) => editor.show(r)}
              onRemove={(r) =>
                confirm({
                  title: t('process.removeTitle', { name: r.name }),
                  content: t('process.removeContent'),
                  okText: t('remove'),
                  run: () => remove.mutateAsync(r.id),
                  done: t('removed'),
                })
              }
            />
          </ListBody>
          {selected ? (
            <>
              <Divider style={{ margin: '4px 0' }} />
              <ProcessRunner key={selected.id} projectId={project.id} process={selected} />
            </>
          ) : null}
          <ProcessFormDrawer
            open={editor.open}
            projectId={project.id}
            process={editor.value}
            onClose={editor.close}
            onSaved={(id) => {
              editor.close();
              setSelectedId(id);
            }}
          />
        </Flex>
      ) : null}
    </ResponsiveDrawer>
  );
}
