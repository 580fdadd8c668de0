import { Card, Flex, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../ui/BrandMark';

/** The card in the middle of the login page, with the brand on top. */
export function LoginCard({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Card
      variant="borderless"
      style={{ width: '100%', maxWidth: 400, boxShadow: token.boxShadowTertiary }}
      styles={{ body: { padding: 'clamp(20px, 6vw, 36px)' } }}
    >
      <Flex vertical align="center" gap={6} style={{ marginBottom: 24, textAlign: 'center' }}>
        <BrandMark size={44} />
        <Typography.Title level={3} style={{ margin: '8px 0 0' }}>
          {t('app.name')}
        </Typography.Title>
        <Typography.Text type="secondary">{subtitle}</Typography.Text>
      </Flex>
      {children}
    </Card>
  );
}
