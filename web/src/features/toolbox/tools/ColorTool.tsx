import { Flex } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorConvertRow, type ColorOutcome } from '../components/color/ColorConvertRow';
import { hexToRgb, isHexColor, rgbToHex } from '../utils/color';

type ToolboxT = TFunction<'toolbox'>;

/** Hex → rgb(r, g, b); not six hex digits gives rgb(0, 0, 0) as specified, with a warning. */
function hexOutcome(input: string, t: ToolboxT): ColorOutcome {
  const value = hexToRgb(input);
  return isHexColor(input)
    ? { value, swatch: value }
    : { value, note: { text: t('color.notHex'), type: 'warning' } };
}

/** (r,g,b) → #RRGGBB; clamped channels are named, an unreadable input explained. */
function rgbOutcome(input: string, t: ToolboxT): ColorOutcome {
  const result = rgbToHex(input);
  if (!result.ok) return { value: '', note: { text: t('color.notRgb'), type: 'danger' } };
  if (result.clamped.length === 0) return { value: result.hex, swatch: result.hex };
  const list = result.clamped
    .map((c) =>
      t('color.clampedItem', { channel: t(`color.channels.${c.channel}`), from: c.from, to: c.to }),
    )
    .join(', ');
  return {
    value: result.hex,
    swatch: result.hex,
    note: { text: t('color.clamped', { list }), type: 'warning' },
  };
}

/** Colour transform, both ways, each on Enter or its '>>' button. */
export function ColorTool(): ReactElement {
  const { t } = useTranslation('toolbox');
  return (
    <Flex vertical gap={20}>
      <ColorConvertRow
        placeholder="#FFFFFF"
        inputLabel={t('color.hex')}
        buttonLabel={t('color.toRgb')}
        resultLabel={t('color.rgbResult')}
        convert={(input) => hexOutcome(input, t)}
      />
      <ColorConvertRow
        placeholder="(255,255,255)"
        inputLabel={t('color.rgb')}
        buttonLabel={t('color.toHex')}
        resultLabel={t('color.hexResult')}
        convert={(input) => rgbOutcome(input, t)}
      />
    </Flex>
  );
}
