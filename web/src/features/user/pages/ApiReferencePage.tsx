import { Spin } from 'antd';
import { lazy, Suspense, useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../auth/session';
import { ErrorState } from '../../../ui/ErrorState';
import { PageHeader } from '../../../ui/PageHeader';
import { useOpenApiDocument } from '../hooks/useOpenApiDocument';
import { withNamespaceExample } from '../utils/openApiDocument';

/** Scalar's renderer, loaded with this page alone; zod is told not to compile code first. */
const ApiReferenceView = lazy(async () => {
  await import('../components/zodWithoutCodegen');
  const m = await import('../components/ApiReferenceView');
  return { default: m.ApiReferenceView };
});

/** /user/api: the API's reference, built from the console's OpenAPI document. */
export function ApiReferencePage(): ReactElement {
  const { t } = useTranslation(['menu', 'user']);
  const doc = useOpenApiDocument();
  const filled = useMemo(
    () => (doc.data ? withNamespaceExample(doc.data, session.identity().id) : undefined),
    [doc.data],
  );
  const loading = (
    <Spin size="large" tip={t('user:apiReference.loading')}>
      <div style={{ minHeight: 240 }} />
    </Spin>
  );
  return (
    <>
      <PageHeader
        title={t('menu:apiReference')}
        subtitle={t('user:apiReference.subtitle')}
        extra={
          <a href="/openapi.json" target="_blank" rel="noopener noreferrer">
            openapi.json
          </a>
        }
      />
      {doc.isError ? (
        <ErrorState
          title={t('user:apiReference.failed')}
          detail={doc.error.message}
          onRetry={() => void doc.refetch()}
        />
      ) : filled ? (
        <Suspense fallback={loading}>
          <div data-testid="api-reference" className="ferry-api-reference">
            <ApiReferenceView document={filled} />
          </div>
        </Suspense>
      ) : (
        loading
      )}
    </>
  );
}
