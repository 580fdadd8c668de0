import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { theme as antdTheme } from 'antd';
import { useMemo } from 'react';
import { usePreferences } from '../../../platform';
import type { OpenApiDocument } from '../utils/openApiDocument';

interface ApiReferenceViewProps {
  document: OpenApiDocument;
}

/**
 * Scalar's API reference of the document, in the console's theme and language. Its "try it"
 * sends requests from this page, so the session cookie goes along; nothing leaves the console (no
 * proxy, no AI agent, no fonts or telemetry from elsewhere). It scrolls in a box of its own, so
 * its sticky sidebar and headings stay under the console's header.
 */
export function ApiReferenceView({ document }: ApiReferenceViewProps) {
  const theme = usePreferences((s) => s.theme);
  const language = usePreferences((s) => s.language);
  const { token } = antdTheme.useToken();
  const configuration = useMemo(
    () => ({
      content: document,
      forceDarkModeState: theme,
      hideDarkModeToggle: true,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      showDeveloperTools: 'never' as const,
      hideClientButton: true,
      documentDownloadType: 'json' as const,
      localization: { locale: language },
    }),
    [document, theme, language],
  );
  return (
    <div
      style={{
        height: 'calc(100dvh - 200px)',
        minHeight: 420,
        overflow: 'auto',
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
