import { CopyOutlined, VerticalAlignBottomOutlined } from '@ant-design/icons';
import { App, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../ui/copyText';
import { plainText } from '../utils/ansi';
import { viewLines, type LogView } from '../utils/logView';

interface LogToolbarProps {
  view: LogView;
  following: boolean;
  onFollow: () => void;
}

/** The line count, a way back to the end once scrolled up, and a copy of the whole output. */
export function LogToolbar({ view, following, onFollow }: LogToolbarProps) {
  const { t } = useTranslation(['deploy', 'common']);
  const { message } = App.useApp();
  const copy = async () => {
    if (
      await copyText(
        viewLines(view)
          .map((l) => plainText(l.line))
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
      <Flex gap={8}>
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
