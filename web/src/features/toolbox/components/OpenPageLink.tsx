import { ExportOutlined } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isToolboxMode, type ToolKey } from '../utils/toolboxMode';

interface OpenPageLinkProps {
  tool: ToolKey;
  /** Called as the page opens, so the dialog can close. */
  onOpen: () => void;
}

/** "Open as a page" for a tool the Tools page has (JSON opens the JSON formatter); else nothing. */
export function OpenPageLink({ tool, onOpen }: OpenPageLinkProps): ReactElement | null {
  const { t } = useTranslation('toolbox');
  const content = (
    <>
      <ExportOutlined /> {t('dialog.openPage')}
    </>
  );
  if (tool === 'json') {
    return (
      <Link to="/toolbox/json" onClick={onOpen} title={t('dialog.openPageTitle')}>
        {content}
      </Link>
    );
  }
  if (!isToolboxMode(tool)) return null;
  return (
    <Link
      to="/toolbox/index"
      search={{ mode: tool }}
      onClick={onOpen}
      title={t('dialog.openPageTitle')}
    >
      {content}
    </Link>
  );
}
