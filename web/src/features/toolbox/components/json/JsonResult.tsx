import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JsonView } from '../../hooks/useJsonDocument';
import { useJsonTree } from '../../hooks/useJsonTree';
import type { JsonParseResult } from '../../utils/jsonParse';
import { JsonPrettyPanel } from './JsonPrettyPanel';
import { JsonRawView } from './JsonRawView';

interface JsonResultProps {
  result: JsonParseResult;
  view: JsonView;
}

/**
 * What one parse gives, in the chosen view: the tree, the formatted text, the parser's message,
 * or the refused root. Mounted afresh for each parse, so the tree starts with the root open.
 */
export function JsonResult({ result, view }: JsonResultProps) {
  const { t } = useTranslation('toolboxText');
  const root = result.kind === 'ok' ? result.value : undefined;
  const tree = useJsonTree(root);
  switch (result.kind) {
    case 'empty':
      return <Typography.Text type="secondary">{t('json.empty')}</Typography.Text>;
    case 'syntax':
      return (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('json.parseError')}
          description={result.message}
        />
      );
    case 'root':
      return <Alert type="warning" showIcon role="alert" title={t('json.rootNotContainer')} />;
    case 'ok':
      return view === 'pretty' ? (
        <JsonPrettyPanel tree={tree} />
      ) : (
        <JsonRawView value={result.value} />
      );
  }
}
