import { theme } from 'antd';
import { useEffect } from 'react';
import { usePreferences } from './preferences/usePreferences';

/** Paints the page behind the app in the theme's colours (overscroll, drawers, scrollbars). */
export function ThemedBody() {
  const { token } = theme.useToken();
  const mode = usePreferences((s) => s.theme);
  useEffect(() => {
    const { style } = document.body;
    style.margin = '0';
    style.background = token.colorBgLayout;
    style.color = token.colorText;
    style.fontFamily = token.fontFamily;
    document.documentElement.style.colorScheme = mode;
  }, [token, mode]);
  return null;
}
