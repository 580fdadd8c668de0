import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/PageHeader';
import { AccountCard } from '../components/AccountCard';
import { ApiKeyCard } from '../components/ApiKeyCard';
import { ChangePasswordCard } from '../components/ChangePasswordCard';
import { ScopedKeysCard } from '../components/ScopedKeysCard';
import type { ReactElement } from 'react';

/** /user/profile: the account, its password, its API key and its scoped keys. */
export function ProfilePage(): ReactElement {
  const { t } = useTranslation(['menu', 'user']);
  return (
    <>
      <PageHeader title={t('menu:profile')} subtitle={t('user:subtitle')} />
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={12}>
          <Flex vertical gap={24}>
            <AccountCard />
            <ApiKeyCard />
          </Flex>
        </Col>
        <Col xs={24} xl={12}>
          <Flex vertical gap={24}>
            <ChangePasswordCard />
            <ScopedKeysCard />
          </Flex>
        </Col>
      </Row>
    </>
  );
}
