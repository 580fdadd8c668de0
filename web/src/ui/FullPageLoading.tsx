import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReactElement } from 'react';

/** A centred spinner filling the area, while a page or the session loads. */
export function FullPageLoading(): ReactElement {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh', width: '100%' }}>
      <Spin size="large" description={t('state.loading')} />
    </Flex>
  );
}
