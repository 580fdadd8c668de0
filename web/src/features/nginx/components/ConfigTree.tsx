import { FileTextOutlined, FolderOutlined } from '@ant-design/icons';
import { Empty, Flex, Select, Skeleton, Tag, Tree, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import { fileKey, type ConfigDir, type ConfigFile } from '../utils/configTree';

interface ConfigTreeProps {
  tree: readonly ConfigDir[];
  loading: boolean;
  /** The open file's key (its full path). */
  selected: string | undefined;
  onSelect: (key: string) => void;
}

/**
 * The configuration directories and their files, disabled files marked; on a phone a select
 * grouped by directory, which takes less room above the editor.
 */
export function ConfigTree({ tree, loading, selected, onSelect }: ConfigTreeProps) {
  const { t } = useTranslation('nginx');
  const mobile = useIsMobile();
  if (loading) return <Skeleton active paragraph={{ rows: 5 }} title={false} />;
  if (tree.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.empty')} />;
  }
  const label = (file: ConfigFile): ReactNode => (
    <Flex gap={6} align="center" wrap={false} style={{ minWidth: 0 }}>
      <Typography.Text
        ellipsis={{ tooltip: file.name }}
        type={file.enabled ? undefined : 'secondary'}
        delete={!file.enabled}
      >
        {file.name}
      </Typography.Text>
      {file.enabled ? null : <Tag style={{ marginInlineEnd: 0 }}>{t('tree.disabled')}</Tag>}
    </Flex>
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
          label: d.dir,
          title: d.dir,
          options: d.files.map((f) => ({ value: fileKey(f), title: f.name, label: label(f) })),
        }))}
      />
    );
  }

  return (
    <Tree
      aria-label={t('tree.title')}
      blockNode
      showIcon
      defaultExpandAll
      selectedKeys={selected ? [selected] : []}
      onSelect={(keys) => {
        const key = keys[0];
        if (typeof key === 'string') onSelect(key);
      }}
      treeData={tree.map((d) => ({
        key: `dir:${d.dir}`,
        title: <Typography.Text type="secondary">{d.dir}</Typography.Text>,
        icon: <FolderOutlined />,
        selectable: false,
        children: d.files.map((f) => ({
          key: fileKey(f),
          title: label(f),
          icon: <FileTextOutlined />,
          isLeaf: true,
        })),
      }))}
    />
  );
}
