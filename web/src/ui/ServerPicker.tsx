import { Button, Select, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import type { ServerOption } from '../api/options/ServerOption';
import { useIsMobile } from './useIsMobile';

interface ServerPickerProps {
  servers: readonly ServerOption[];
  loading: boolean;
  onOpen: (server: ServerOption) => void;
  /** The open button's icon: what a tab on the server is (a terminal, its files). */
  icon: ReactNode;
  /** The page's own words: the select's label and placeholder, no match, the button. */
  texts: { label: string; placeholder: string; none: string; open: string };
}

/** Picks a server (searched by name or address) and opens a tab on it. */
export function ServerPicker({ servers, loading, onOpen, icon, texts }: ServerPickerProps) {
  const mobile = useIsMobile();
  const [picked, setPicked] = useState<number>();
  const server = servers.find((s) => s.id === picked);

  return (
    <Space.Compact style={{ width: mobile ? '100%' : 440 }}>
      <Select<number>
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={texts.label}
        placeholder={texts.placeholder}
        loading={loading}
        value={picked}
        onChange={setPicked}
        options={servers.map((s) => ({ value: s.id, label: `${s.name} (${s.ip}:${s.port})` }))}
        notFoundContent={loading ? undefined : texts.none}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Button
        type="primary"
        icon={icon}
        disabled={!server}
        onClick={() => server && onOpen(server)}
      >
        {texts.open}
      </Button>
    </Space.Compact>
  );
}
