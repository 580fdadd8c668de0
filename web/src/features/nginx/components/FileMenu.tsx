import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EllipsisOutlined,
  StopOutlined,
  CheckOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useFeedback } from '../../../ui/useFeedback';
import type { NginxAbilities } from '../hooks/useNginxAbilities';
import { useDeleteConfig, useToggleConfig } from '../hooks/useNginxActions';
import { fileKey, type ConfigFile } from '../utils/configTree';
import { failureResult } from '../utils/failureResult';
import type { NginxResult } from '../utils/NginxResult';
import { NameModal } from './NameModal';

interface FileMenuProps {
  serverId: number;
  file: ConfigFile;
  can: NginxAbilities;
  onSelect: (key: string | undefined) => void;
  /** A refusal (nginx's test failed, a rule broken) for the output panel. */
  onResult: (result: NginxResult) => void;
}

/** Rename, copy, enable or disable, delete: each shown to those allowed to do it. */
export function FileMenu({ serverId, file, can, onSelect, onResult }: FileMenuProps) {
  const { t } = useTranslation('nginx');
  const { message } = useFeedback();
  const confirm = useConfirmAction();
  const remove = useDeleteConfig(serverId);
  const toggle = useToggleConfig(serverId);
  const [naming, setNaming] = useState<'rename' | 'copy'>();
  const report = (title: string) => (e: unknown) => {
    const result = failureResult(e, title);
    if (result) onResult(result);
  };

  const items: MenuProps['items'] = [
    ...(can.edit ? [{ key: 'rename', icon: <EditOutlined />, label: t('rename.menu') }] : []),
    ...(can.add ? [{ key: 'copy', icon: <CopyOutlined />, label: t('copy.menu') }] : []),
    ...(can.edit
      ? [
          file.enabled
            ? { key: 'disable', icon: <StopOutlined />, label: t('toggle.disable') }
            : { key: 'enable', icon: <CheckOutlined />, label: t('toggle.enable') },
        ]
      : []),
    ...(can.remove
      ? [{ key: 'delete', icon: <DeleteOutlined />, label: t('remove.menu'), danger: true }]
      : []),
  ];
  if (items.length === 0) return null;

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'rename' || key === 'copy') setNaming(key);
    else if (key === 'enable' || key === 'disable') {
      toggle.mutate(
        { dir: file.dir, filename: file.name, enabled: key === 'enable' },
        {
          onSuccess: () => void message.success(t(`toggle.${key}d`, { name: file.name })),
          onError: report(t('toggle.failed', { name: file.name })),
        },
      );
    } else if (key === 'delete') {
      confirm({
        title: t('remove.title', { name: file.name }),
        content: t('remove.content', { path: fileKey(file) }),
        okText: t('remove.ok'),
        done: t('remove.done', { name: file.name }),
        run: () =>
          remove.mutateAsync({ file: fileKey(file) }).then(
            () => onSelect(undefined),
            (e: unknown) => {
              report(t('remove.failed', { name: file.name }))(e);
              throw e;
            },
          ),
      });
    }
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <Button
          icon={<EllipsisOutlined />}
          aria-label={t('file.more')}
          loading={toggle.isPending}
        />
      </Dropdown>
      <NameModal
        mode={naming}
        serverId={serverId}
        file={file}
        onClose={() => setNaming(undefined)}
        onDone={(key) => {
          setNaming(undefined);
          onSelect(key);
        }}
      />
    </>
  );
}
