import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useReviewSubject } from '../hooks/useDecideReview';
import type { ReviewProject, ReviewRow } from '../utils/ReviewRow';

interface RejectReviewModalProps {
  project: ReviewProject;
  review?: ReviewRow;
  busy: boolean;
  onClose: () => void;
  onReject: (review: ReviewRow, reason: string) => Promise<void>;
}

/** Rejecting a review, with the reason told to the member who asked (optional, 255 at most). */
export function RejectReviewModal({
  project,
  review,
  busy,
  onClose,
  onReject,
}: RejectReviewModalProps) {
  const { t } = useTranslation(['review', 'common']);
  const subject = useReviewSubject();
  const [form] = Form.useForm<{ reason: string }>();
  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async () => {
    if (!review) return;
    const { reason } = await form.validateFields();
    await onReject(review, (reason ?? '').trim()).then(close, () => undefined);
  };
  return (
    <ResponsiveModal
      open={review !== undefined}
      title={t('review:reject.title', { name: project.name })}
      okText={t('review:reject.ok')}
      okButtonProps={{ danger: true, loading: busy }}
      cancelText={t('common:action.cancel')}
      onOk={() => void submit()}
      onCancel={close}
    >
      {review ? (
        <Typography.Paragraph>{t('review:reject.intro', subject(review))}</Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="reason"
          label={t('review:reject.reason')}
          extra={review ? t('review:reject.reasonHelp', { creator: review.creator }) : undefined}
        >
          <Input.TextArea
            rows={3}
            maxLength={255}
            showCount
            placeholder={t('review:reject.placeholder')}
          />
        </Form.Item>
      </Form>
    </ResponsiveModal>
  );
}
