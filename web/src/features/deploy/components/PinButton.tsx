import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, theme, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

interface PinButtonProps {
  name: string;
  pinned: boolean;
  onToggle: () => void;
}

/** The star that keeps a project at the top of the deploy page in this browser. */
export function PinButton({ name, pinned, onToggle }: PinButtonProps) {
  const { t } = useTranslation('deploy');
  const { token } = theme.useToken();
  const label = pinned ? t('pin.unpin', { name }) : t('pin.pin', { name });
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        aria-pressed={pinned}
        onClick={onToggle}
        icon={pinned ? <StarFilled style={{ color: token.colorWarning }} /> : <StarOutlined />}
      />
    </Tooltip>
  );
}
