import { Flex, Spin } from 'antd';
import { lazy, Suspense, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolKey } from '../utils/toolboxMode';
import { ToolLoadBoundary } from './ToolLoadBoundary';

// One chunk per tool: the dialog and the Tools page download only the tools that are opened.
const TimeTool = lazy(() => import('../tools/TimeTool').then((m) => ({ default: m.TimeTool })));
const JsonTool = lazy(() => import('../tools/JsonTool').then((m) => ({ default: m.JsonTool })));
const PasswordTool = lazy(() =>
  import('../tools/PasswordTool').then((m) => ({ default: m.PasswordTool })),
);
const UnicodeTool = lazy(() =>
  import('../tools/UnicodeTool').then((m) => ({ default: m.UnicodeTool })),
);
const UriTool = lazy(() => import('../tools/UriTool').then((m) => ({ default: m.UriTool })));
const Md5Tool = lazy(() => import('../tools/Md5Tool').then((m) => ({ default: m.Md5Tool })));
const CronTool = lazy(() => import('../tools/CronTool').then((m) => ({ default: m.CronTool })));
const QrTool = lazy(() => import('../tools/QrTool').then((m) => ({ default: m.QrTool })));
const ByteTool = lazy(() => import('../tools/ByteTool').then((m) => ({ default: m.ByteTool })));
const ColorTool = lazy(() => import('../tools/ColorTool').then((m) => ({ default: m.ColorTool })));

interface ToolPanelProps {
  tool: ToolKey;
  /** The cron description's language: Chinese on the Tools page, the UI's in the dialog. */
  cronLanguage: 'zh_CN' | 'ui';
  /** In the dialog: tools with an input and an output keep both on screen together. */
  compact?: boolean;
}

function ToolBody({ tool, cronLanguage, compact = false }: ToolPanelProps): ReactElement {
  switch (tool) {
    case 'time':
      return <TimeTool />;
    case 'json':
      return <JsonTool compact={compact} />;
    case 'password':
      return <PasswordTool />;
    case 'unicode':
      return <UnicodeTool />;
    case 'uri':
      return <UriTool />;
    case 'md5':
      return <Md5Tool />;
    case 'cron':
      return <CronTool descriptionLanguage={cronLanguage} />;
    case 'qr':
      return <QrTool />;
    case 'byte':
      return <ByteTool />;
    case 'color':
      return <ColorTool />;
  }
}

function ToolLoading() {
  const { t } = useTranslation('toolbox');
  return (
    <Flex justify="center" style={{ padding: 24 }}>
      <Spin aria-label={t('loading')} />
    </Flex>
  );
}

/** One tool, its code fetched the first time it is shown. */
export function ToolPanel(props: ToolPanelProps): ReactElement {
  return (
    <ToolLoadBoundary>
      <Suspense fallback={<ToolLoading />}>
        <ToolBody {...props} />
      </Suspense>
    </ToolLoadBoundary>
  );
}
