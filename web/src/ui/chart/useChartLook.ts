import { theme } from 'antd';
import { useMemo } from 'react';
import type { ChartLook } from './ChartLook';

/** A chart's colours from the theme's tokens: they change with dark mode. */
export function useChartLook(): ChartLook {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      line: token.colorPrimary,
      band: token.colorPrimaryBgHover,
      failure: token.colorError,
      downArea: token.colorErrorBgHover,
      text: token.colorText,
      textSecondary: token.colorTextSecondary,
      axis: token.colorBorder,
      split: token.colorBorderSecondary,
      tooltipBackground: token.colorBgElevated,
      tooltipBorder: token.colorBorderSecondary,
      fontFamily: token.fontFamily,
    }),
    [token],
  );
}
