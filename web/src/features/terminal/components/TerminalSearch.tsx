import { ArrowDownOutlined, ArrowUpOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Xterm } from '../hooks/useXterm';

/** Search in the terminal's scrollback: Enter finds the next match, Shift+Enter the previous. */
export function TerminalSearch({ xterm }: { xterm: Xterm | undefined }) {
  const { t } = useTranslation('terminal');
  const [query, setQuery] = useState('');
  const [missing, setMissing] = useState(false);

  const find = (backwards: boolean) => {
    if (!xterm || !query) return;
    const found = backwards ? xterm.search.findPrevious(query) : xterm.search.findNext(query);
    setMissing(!found);
  };

  return (
    <Space.Compact size="small">
      <Input
        allowClear
        size="small"
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        value={query}
        status={missing ? 'warning' : undefined}
        title={missing ? t('search.noMatch') : undefined}
        onChange={(e) => {
          setQuery(e.target.value);
          setMissing(false);
          if (!e.target.value) xterm?.search.clearDecorations();
        }}
        onPressEnter={(e) => find(e.shiftKey)}
        style={{ width: 150 }}
      />
      <Button
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label={t('search.previous')}
        title={t('search.previous')}
        onClick={() => find(true)}
      />
      <Button
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label={t('search.next')}
        title={t('search.next')}
        onClick={() => find(false)}
      />
    </Space.Compact>
  );
}
