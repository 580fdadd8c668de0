import { FolderOpenOutlined } from '@ant-design/icons';
import { Button, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerOption } from '../../../api/options/ServerOption';
import { useIsMobile } from '../../../ui/useIsMobile';

interface ServerPickerProps {
  servers: readonly ServerOption[];
  loading: boolean;
  onOpen: (server: ServerOption) => void;
}

/** Picks a server (searched by name or address) and opens a tab on its files. */
export function ServerPicker({ servers, loading, onOpen }: ServerPickerProps) {
  const { t } = useTranslation('sftp');
  const mobile = useIsMobile();
  const [picked, setPicked] = useState<number>();
  const server = servers.find((s) => s.id === picked);

  return (
    <Space.Compact style={{ width: mobile ? '100%' : 440 }}>
      <Select<number>
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('picker.label')}
        placeholder={t('picker.placeholder')}
        loading={loading}
        value={picked}
        onChange={setPicked}
        options={servers.map((s) => ({ value: s.id, label: `${s.name} (${s.ip}:${s.port})` }))}
        notFoundContent={loading ? undefined : t('picker.none')}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Button
        type="primary"
        icon={<FolderOpenOutlined />}
        disabled={!server}
        onClick={() => server && onOpen(server)}
      >
        {t('picker.open')}
      </Button>
    </Space.Compact>
  );
}
