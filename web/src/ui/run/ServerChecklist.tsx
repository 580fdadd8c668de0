import { SearchOutlined } from '@ant-design/icons';
import { Checkbox, Empty, Flex, Input, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerOption } from '../../api/options/ServerOption';
import { MonoText } from '../MonoText';
import { filterServers } from './filterServers';

/** What the list shows of a server and filters by. */
export type ChecklistServer = Pick<ServerOption, 'id' | 'name' | 'ip' | 'port' | 'description'>;

interface ServerChecklistProps {
  servers: readonly ChecklistServer[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  disabled: boolean;
}

/**
 * Servers to tick (the namespace's, or a project's), filtered by name or address, with "select all" for those
 * shown. Servers ticked and then filtered out stay ticked.
 */
export function ServerChecklist({ servers, selected, onChange, disabled }: ServerChecklistProps) {
  const { t } = useTranslation('script');
  const { token } = theme.useToken();
  const [query, setQuery] = useState('');
  const shown = filterServers(servers, query);
  const picked = new Set(selected);
  const shownPicked = shown.filter((s) => picked.has(s.id)).length;
  const toggleShown = (on: boolean) => {
    const ids = new Set(selected);
    for (const s of shown) {
      if (on) ids.add(s.id);
      else ids.delete(s.id);
    }
    onChange(servers.filter((s) => ids.has(s.id)).map((s) => s.id));
  };
  const toggle = (id: number, on: boolean) =>
    onChange(servers.filter((s) => (s.id === id ? on : picked.has(s.id))).map((s) => s.id));

  return (
    <Flex vertical gap={8}>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('servers.filter')}
        aria-label={t('servers.filter')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <Checkbox
        checked={shown.length > 0 && shownPicked === shown.length}
        indeterminate={shownPicked > 0 && shownPicked < shown.length}
        disabled={disabled || shown.length === 0}
        onChange={(e) => toggleShown(e.target.checked)}
      >
        {query.trim() ? t('servers.selectShown') : t('servers.selectAll')}
      </Checkbox>
      <div
        role="group"
        aria-label={t('servers.list')}
        style={{
          maxHeight: 320,
          overflowY: 'auto',
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
          padding: '4px 0',
        }}
      >
        {shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('servers.noMatch')} />
        ) : (
          shown.map((s) => (
            <Checkbox
              key={s.id}
              checked={picked.has(s.id)}
              disabled={disabled}
              onChange={(e) => toggle(s.id, e.target.checked)}
              style={{ display: 'flex', padding: '4px 12px', marginInlineStart: 0 }}
            >
              <Flex gap={8} wrap style={{ minWidth: 0 }}>
                <Typography.Text style={{ wordBreak: 'break-all' }}>{s.name}</Typography.Text>
                <MonoText secondary style={{ fontSize: '0.9em' }}>
                  {`${s.ip}:${s.port}`}
                </MonoText>
              </Flex>
            </Checkbox>
          ))
        )}
      </div>
    </Flex>
  );
}
