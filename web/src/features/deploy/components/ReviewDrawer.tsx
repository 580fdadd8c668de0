import { Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListBody } from '../../../ui/ListBody';
import { PAGE_SIZES } from '../../../ui/pageSizes';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useDecideReview } from '../hooks/useDecideReview';
import { useReviews } from '../hooks/useReviews';
import type { ReviewProject, ReviewRow } from '../utils/ReviewRow';
import { RejectReviewModal } from './RejectReviewModal';
import { ReviewChangesDrawer } from './ReviewChangesDrawer';
import { ReviewTable } from './ReviewTable';

interface ReviewDrawerProps {
  open: boolean;
  project?: ReviewProject;
  onClose: () => void;
  onProgress: (project: ReviewProject, token: string) => void;
}

/**
 * A project's reviews (GET /project/getReviewList): approve or reject the waiting ones, after
 * reading what each changes against the live release (a drawer over this one).
 */
export function ReviewDrawer({ open, project, onClose, onProgress }: ReviewDrawerProps) {
  const { t } = useTranslation('review');
  const mobile = useIsMobile();
  const [page, setPage] = useState({ page: 1, rows: 10 });
  const [rejecting, setRejecting] = useState<ReviewRow>();
  const [viewing, setViewing] = useState<ReviewRow>();
  const reviews = useReviews(project?.id ?? 0, page, open && project !== undefined);
  // As listed now: a decision taken meanwhile removes the drawer's buttons.
  const viewed = viewing && (reviews.data?.list.find((r) => r.id === viewing.id) ?? viewing);
  const decide = useDecideReview();
  const reload = () => void reviews.refetch();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={(visible) => (visible ? undefined : setPage({ page: 1, rows: 10 }))}
      size={mobile ? '100%' : 820}
      title={project ? t('drawer.title', { name: project.name }) : ''}
      destroyOnHidden
    >
      {project ? (
        <>
          <ListBody
            reloading={reviews.isFetching}
            onReload={reload}
            error={
              reviews.isError
                ? { title: t('drawer.loadFailed'), error: reviews.error, onRetry: reload }
                : undefined
            }
          >
            <ReviewTable
              rows={reviews.data?.list ?? []}
              loading={reviews.isFetching}
              pagination={{
                current: page.page,
                pageSize: page.rows,
                total: reviews.data?.pagination.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [...PAGE_SIZES],
                showTotal: (total) => t('drawer.total', { count: total }),
                onChange: (next, rows) => setPage({ page: rows === page.rows ? next : 1, rows }),
              }}
              onApprove={(r) => decide.approve(project, r)}
              onReject={setRejecting}
              onOpenDeploy={(r) => onProgress(project, r.token)}
              onChanges={setViewing}
            />
          </ListBody>
          <ReviewChangesDrawer
            review={viewed}
            onClose={() => setViewing(undefined)}
            onApprove={(r) => decide.approve(project, r)}
            onReject={setRejecting}
          />
          <RejectReviewModal
            project={project}
            review={rejecting}
            busy={decide.rejecting}
            onClose={() => setRejecting(undefined)}
            onReject={(r, reason) => decide.reject(project, r, reason)}
          />
        </>
      ) : null}
    </Drawer>
  );
}
