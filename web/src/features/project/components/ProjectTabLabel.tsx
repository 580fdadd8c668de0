import { ExclamationCircleFilled } from '@ant-design/icons';
import { Space, theme } from 'antd';

/** A tab's title; a tab holding fields to correct is marked red with an icon that says so. */
export function ProjectTabLabel({
  text,
  hasErrors,
  errorsLabel,
}: {
  text: string;
  hasErrors: boolean;
  /** What a screen reader hears for the mark. */
  errorsLabel: string;
}) {
  const { token } = theme.useToken();
  if (!hasErrors) return text;
  return (
    <Space size={4} style={{ color: token.colorError }} title={errorsLabel}>
      {text}
      <ExclamationCircleFilled aria-label={errorsLabel} role="img" />
    </Space>
  );
}
