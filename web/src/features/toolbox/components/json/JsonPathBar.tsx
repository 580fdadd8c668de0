import { Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '../text/CopyTextButton';

/** The JSON path of the node last Shift-clicked, with a copy button. */
export function JsonPathBar({ path }: { path: string }) {
  const { t } = useTranslation('toolboxText');
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      gap={8}
      style={{
        padding: '2px 4px 2px 8px',
        borderRadius: token.borderRadius,
        background: token.colorFillQuaternary,
        minWidth: 0,
      }}
    >
      <Typography.Text type="secondary" style={{ flex: 'none' }}>
        {t('json.path')}
      </Typography.Text>
      <Typography.Text
        aria-label={t('json.path')}
        style={{ flex: 1, minWidth: 0, fontFamily: token.fontFamilyCode, wordBreak: 'break-all' }}
      >
        {path}
      </Typography.Text>
      <CopyTextButton text={path} label={t('json.path')} />
    </Flex>
  );
}
