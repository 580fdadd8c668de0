import { Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClippedText } from '../../../ui/ClippedText';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { ConsoleRow } from '../utils/ConsoleRow';

/** The console's host (a long name clipped, whole on hover), and "This console" under it. */
export function HostCell({ row }: { row: Pick<ConsoleRow, 'host' | 'self'> }) {
  const { t } = useTranslation('system');
  // A phone's card gives the host its whole width; the table keeps a 992px screen in view.
  const width = useIsMobile() ? 300 : 200;
  return (
    <Flex vertical gap={4} align="flex-start">
      <ClippedText text={row.host} width={width} />
      {row.self ? (
        <Tooltip title={t('consoles.selfHelp')}>
          <Tag color="blue" variant="outlined" style={{ marginInlineEnd: 0 }}>
            {t('consoles.self')}
          </Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}
