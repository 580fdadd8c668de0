import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TimeQuickAction } from '../../utils/timeConvert';

const ACTIONS: readonly TimeQuickAction[] = ['now', 'today', 'minusDay', 'plusDay'];

/** Now, today (start of day), −1 day and +1 day: each writes a timestamp into the box. */
export function TimeQuickButtons({ onPick }: { onPick: (action: TimeQuickAction) => void }) {
  const { t } = useTranslation('toolboxText');
  return (
    <Flex wrap gap={8} role="group" aria-label={t('time.quick')}>
      {ACTIONS.map((action) => (
        <Button key={action} size="small" onClick={() => onPick(action)}>
          {t(`time.${action}`)}
        </Button>
      ))}
    </Flex>
  );
}
