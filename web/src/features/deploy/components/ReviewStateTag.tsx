import { ReviewState } from '@ferry/contract/client';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const LOOK = {
  [ReviewState.waiting]: { key: 'waiting', color: 'gold' },
  [ReviewState.approved]: { key: 'approved', color: 'success' },
  [ReviewState.rejected]: { key: 'rejected', color: 'error' },
} as const;

/** Where a review stands: waiting, approved or rejected. */
export function ReviewStateTag({ state }: { state: number }) {
  const { t } = useTranslation('review');
  const look = LOOK[state as keyof typeof LOOK] ?? LOOK[ReviewState.waiting];
  return (
    <Tag color={look.color} style={{ marginInlineEnd: 0 }}>
      {t(`state.${look.key}`)}
    </Tag>
  );
}
