import { HomeOutlined } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReactElement } from 'react';
import { session } from '../../auth/session';

/** A page the user's role in this namespace may not open: says so, and whom to ask. */
export function ForbiddenPage(): ReactElement {
  const { t } = useTranslation('layout');
  return (
    <Result
      status="403"
      title={t('forbidden.title')}
      subTitle={t('forbidden.text', { namespace: session.identity().name })}
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
