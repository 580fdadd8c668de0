import { FolderOutlined } from '@ant-design/icons';
import { Empty, Flex, Select, Skeleton, Tag, Tree, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import { dirLabel, fileKey, shortPath, type ConfigDir, type ConfigFile } from '../utils/configTree';
import { LinkIcon } from './LinkIcon';
import { LinkTag } from './LinkTag';

interface ConfigTreeProps {
  tree: readonly ConfigDir[];
  /** The main configuration file, which the other directories are named relative to. */
  conf: string;
  loading: boolean;
  /** The open file's key (its full path). */
  selected: string | undefined;
  onSelect: (key: string) => void;
}

/** An icon and a name cut short with an ellipsis (the whole of it in a tooltip). */
function Entry({ icon, text, full = text, extra, muted }: EntryProps) {
  return (
    <Flex gap={6} align="center" wrap={false} style={{ minWidth: 0 }}>
      {icon}
      <Typography.Text
        ellipsis={{ tooltip: full }}
        type={muted ? 'secondary' : undefined}
        style={{ minWidth: 0 }}
      >
        {text}
      </Typography.Text>
      {extra}
    </Flex>
  );
}

interface EntryProps {
  icon?: ReactNode;
  text: string;
  /** The whole name, in the tooltip. */
  full?: string;
  extra?: ReactNode;
  muted?: boolean;
}

/**
 * The configuration directories and their files, disabled files and links marked; on a phone a
 * select grouped by directory, which takes less room above the editor.
 */
export function ConfigTree({ tree, conf, loading, selected, onSelect }: ConfigTreeProps) {
  const { t } = useTranslation('nginx');
  const mobile = useIsMobile();
  // Directories are open unless folded by hand, also those a later listing adds.
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  if (loading) return <Skeleton active paragraph={{ rows: 5 }} title={false} />;
  if (tree.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.empty')} />;
  }
  /** In the tree a link is its icon; in the phone's picker, which has room, its words. */
  const fileEntry = (file: ConfigFile, icon?: ReactNode) => (
    <Entry
      icon={icon}
      text={file.name}
      muted={!file.enabled}
      extra={
        <>
          {icon ? null : <LinkTag file={file} />}
          {file.enabled ? null : <Tag style={{ marginInlineEnd: 0 }}>{t('tree.disabled')}</Tag>}
        </>
      }
    />
  );

  if (mobile) {
    return (
      <Select<string>
        aria-label={t('tree.title')}
        placeholder={t('tree.pick')}
        value={selected}
        onChange={onSelect}
        style={{ width: '100%' }}
        showSearch={{ optionFilterProp: 'title' }}
        options={tree.map((d) => ({
          label: shortPath(dirLabel(d.dir, conf), 40),
          title: d.dir,
          options: d.files.map((f) => ({ value: fileKey(f), title: f.name, label: fileEntry(f) })),
        }))}
      />
    );
  }

  const dirKeys = tree.map((d) => `dir:${d.dir}`);
  return (
    <Tree
      aria-label={t('tree.title')}
      blockNode
      expandedKeys={dirKeys.filter((k) => !folded.has(k))}
      onExpand={(keys) => setFolded(new Set(dirKeys.filter((k) => !keys.includes(k))))}
      selectedKeys={selected ? [selected] : []}
      onSelect={(keys) => {
        const key = keys[0];
        if (typeof key === 'string') onSelect(key);
      }}
      treeData={tree.map((d) => ({
        key: `dir:${d.dir}`,
        title: (
          <Entry
            icon={<FolderOutlined />}
            text={shortPath(dirLabel(d.dir, conf))}
            full={d.dir}
            muted
          />
        ),
        selectable: false,
        children: d.files.map((f) => ({
          key: fileKey(f),
          title: fileEntry(f, <LinkIcon file={f} />),
          isLeaf: true,
        })),
      }))}
    />
  );
}
