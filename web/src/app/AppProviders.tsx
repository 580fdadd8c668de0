import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import type { ReactNode } from 'react';
import { FeedbackBridge } from './FeedbackBridge';
import { antdLocale } from './i18n/antdLocales';
import { usePreferences } from './preferences/usePreferences';
import { queryClient } from './queryClient';
import { ThemedBody } from './ThemedBody';

/** antd (theme and locale from the preferences), the query cache and the feedback bridge. */
export function AppProviders({ children }: { children: ReactNode }) {
  const mode = usePreferences((s) => s.theme);
  const language = usePreferences((s) => s.language);
  return (
    <ConfigProvider
      locale={antdLocale(language)}
      theme={{
        algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { borderRadius: 8 },
        components: { Layout: { headerPadding: 0 } },
      }}
    >
      <AntdApp message={{ maxCount: 3 }}>
        <ThemedBody />
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
