import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { hideLabelledIcons } from './a11y/hideLabelledIcons';
import { FeedbackBridge } from './FeedbackBridge';
import { FeedbackProvider } from './FeedbackProvider';
import { GlobalStyle } from './GlobalStyle';
import { pageNonce } from './csp/pageNonce';
import { antdLocale } from './i18n/antdLocales';
import { usePreferences } from './preferences/usePreferences';
import { queryClient } from './queryClient';
import { ThemedBody } from './ThemedBody';
import { ThemedRoot } from './ThemedRoot';

/** The page's Content-Security-Policy nonce, for the styles antd writes. */
const csp = { nonce: pageNonce() };

/**
 * antd (theme and locale from the preferences), the app's feedback (toasts, notices and
 * confirmations, bridged to the API layer) and the query cache; icons beside a label are hidden
 * from screen readers.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const mode = usePreferences((s) => s.theme);
  const language = usePreferences((s) => s.language);
  useEffect(() => hideLabelledIcons(), []);
  return (
    <ConfigProvider
      csp={csp}
      locale={antdLocale(language)}
      theme={{
        algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { borderRadius: 8 },
        components: { Layout: { headerPadding: 0 } },
      }}
    >
      <FeedbackProvider>
        <ThemedRoot>
          <ThemedBody />
          <GlobalStyle />
          <FeedbackBridge />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </ThemedRoot>
      </FeedbackProvider>
    </ConfigProvider>
  );
}
