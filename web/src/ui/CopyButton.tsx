import { CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from './copyText';
import { useFeedback } from './useFeedback';

interface CopyButtonProps {
  text: string;
  /** The button's whole name, for screen readers and the tooltip; "Copy" by default. */
  label?: string;
}

/**
 * A small icon button that copies `text` and says whether it worked; disabled while there is
 * nothing to copy.
 */
export function CopyButton({ text, label }: CopyButtonProps) {
  const { t } = useTranslation('common');
  const { message } = useFeedback();
  const name = label ?? t('action.copy');
  const copy = async () => {
    if (await copyText(text)) void message.success(t('action.copied'));
    else void message.error(t('action.copyFailed'));
  };
  return (
    <Tooltip title={name}>
      <Button
        type="text"
        size="small"
        icon={<CopyOutlined />}
        aria-label={name}
        disabled={text === ''}
        onClick={() => void copy()}
      />
    </Tooltip>
  );
}
