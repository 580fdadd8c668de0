import { AuditOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import type { DeployRow } from '../utils/DeployRow';

interface ReviewBadgeProps {
  project: DeployRow;
  onOpen: (project: DeployRow) => void;
}

/**
 * Publishes of the project waiting for review: a button to the review list for reviewers, a tag
 * for the others (their deploy waits; someone else decides).
 */
export function ReviewBadge({ project, onOpen }: ReviewBadgeProps) {
  const { t } = useTranslation('deploy');
  const mayReview = usePermission([Perm.DeployReview]);
  if (project.reviewCount === 0) return null;
  if (!mayReview) {
    return (
      <Tag color="gold" icon={<AuditOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
        {t('review.waitingTag')}
      </Tag>
    );
  }
  return (
    <Button
      size="small"
      color="gold"
      variant="filled"
      icon={<AuditOutlined aria-hidden />}
      onClick={() => onOpen(project)}
    >
      {t('review.badge', { count: project.reviewCount })}
    </Button>
  );
}
