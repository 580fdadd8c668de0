import { theme } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** A square painted in `color` (any CSS colour), framed so white and black show in both themes. */
export function ColorSwatch({ color }: { color: string | undefined }): ReactElement {
  const { t } = useTranslation('toolbox');
  const { token } = theme.useToken();
  return (
    <div
      role="img"
      aria-label={color ? t('color.swatch', { color }) : undefined}
      aria-hidden={color ? undefined : true}
      style={{
        width: 32,
        height: 32,
        flexShrink: 0,
        borderRadius: token.borderRadius,
        border: `1px solid ${token.colorBorder}`,
        background: color ?? 'transparent',
      }}
    />
  );
}
