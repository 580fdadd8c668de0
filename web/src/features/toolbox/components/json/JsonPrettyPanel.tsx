import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useJsonTree } from '../../hooks/useJsonTree';
import { JsonPathBar } from './JsonPathBar';
import { JsonTreeView } from './JsonTreeView';

/** The pretty view: expand, collapse and unmark buttons, the path line and the tree. */
export function JsonPrettyPanel({ tree }: { tree: ReturnType<typeof useJsonTree> }) {
  const { t } = useTranslation('toolboxText');
  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8}>
        <Button size="small" onClick={tree.expandAll}>
          {t('json.expandAll')}
        </Button>
        <Button size="small" onClick={tree.collapseAll}>
          {t('json.collapseAll')}
        </Button>
        <Button size="small" onClick={tree.unmarkAll} disabled={tree.marked.size === 0}>
          {t('json.unmarkAll')}
        </Button>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('json.hint')}
      </Typography.Text>
      {tree.shownPath !== undefined && <JsonPathBar path={tree.shownPath} />}
      <JsonTreeView
        rows={tree.rows}
        marked={tree.marked}
        onToggle={tree.toggle}
        onMark={tree.toggleMark}
        onShowPath={tree.showPath}
      />
    </Flex>
  );
}
