import { CopyOutlined, VerticalAlignBottomOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../ui/copyText';
import { useFeedback } from '../../../ui/useFeedback';
import { plainText } from '../utils/ansi';
import { lineTime } from '../utils/lineTime';
import { viewLines, type LogView } from '../utils/logView';

interface LogToolbarProps {
  view: LogView;
  following: boolean;
  onFollow: () => void;
  /** Whether each line shows when it was printed. */
  times: boolean;
  onTimes: (times: boolean) => void;
}

/**
 * The line count, a way back to the end once scrolled up, the lines' times on or off, and a copy
 * of the whole output (with the times when they show).
 */
export function LogToolbar({ view, following, onFollow, times, onTimes }: LogToolbarProps) {
  const { t } = useTranslation(['deploy', 'common']);
  const { message } = useFeedback();
  const copy = async () => {
    if (
      await copyText(
        viewLines(view)
          .map((l) => {
            const time = times ? lineTime(l.at) : '';
            return time ? `${time} ${plainText(l.line)}` : plainText(l.line);
          })
          .join('\n'),
      )
    ) {
      void message.success(t('common:action.copied'));
    } else void message.error(t('common:action.copyFailed'));
  };
  return (
    <Flex justify="space-between" align="center" gap={8} wrap>
      <Typography.Text type="secondary">
        {t('deploy:log.count', { count: view.dropped + view.count })}
      </Typography.Text>
      <Flex gap={8} align="center">
        <Checkbox checked={times} onChange={(e) => onTimes(e.target.checked)}>
          {t('deploy:log.times')}
        </Checkbox>
        {following ? null : (
          <Button
            size="small"
            icon={<VerticalAlignBottomOutlined aria-hidden />}
            onClick={onFollow}
          >
            {t('deploy:log.follow')}
          </Button>
        )}
        <Button
          size="small"
          icon={<CopyOutlined aria-hidden />}
          disabled={view.count === 0}
          onClick={() => void copy()}
        >
          {t('deploy:log.copy')}
        </Button>
      </Flex>
    </Flex>
  );
}
