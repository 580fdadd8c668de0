import { HomeOutlined } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReactElement } from 'react';

/** Any path that is not a page (a page the user may not open answers 403 instead). */
export function NotFoundPage(): ReactElement {
  const { t } = useTranslation('layout');
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound.unknown')}
      extra={
        <Link to="/">
          <Button type="primary" icon={<HomeOutlined />}>
            {t('notFound.home')}
          </Button>
        </Link>
      }
    />
  );
}
