import { Alert, Button, Flex, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyMergeDiff } from '../../../ui/LazyMergeDiff';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { FenceResolve } from '../utils/cronRows';
import type { EditedBlock } from '../utils/editedBlock';

interface CrontabEditedModalProps {
  /** The blocks of the refused write; none when nothing is asked. */
  block: EditedBlock | undefined;
  /** The choice being written. */
  resolving: FenceResolve | undefined;
  onChoose: (resolve: FenceResolve) => void;
  onCancel: () => void;
}

const DIFF_HEIGHT = 'min(50dvh, 420px)';

/**
 * Ferry's block in the crontab was changed by hand since Ferry wrote it: both blocks side by side
 * (one column on a phone), and the user's choice of writing Ferry's jobs over the hand edit,
 * keeping the edited lines above the block, or leaving the crontab as it is.
 */
export function CrontabEditedModal(props: CrontabEditedModalProps): ReactElement {
  const { block, resolving, onChoose, onCancel } = props;
  const { t } = useTranslation('cron');
  const mobile = useIsMobile();
  const expected = t('edited.expected');
  const current = t('edited.current');
  return (
    <ResponsiveModal
      open={block !== undefined}
      title={t('edited.title')}
      width={1100}
      onCancel={onCancel}
      mask={{ closable: false }}
      footer={
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onCancel} disabled={resolving !== undefined}>
            {t('edited.cancel')}
          </Button>
          <Button
            loading={resolving === 'keepOutside'}
            disabled={resolving === 'overwrite'}
            onClick={() => onChoose('keepOutside')}
          >
            {t('edited.keepOutside')}
          </Button>
          <Button
            type="primary"
            danger
            loading={resolving === 'overwrite'}
            disabled={resolving === 'keepOutside'}
            onClick={() => onChoose('overwrite')}
          >
            {t('edited.overwrite')}
          </Button>
        </Flex>
      }
    >
      {block ? (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('edited.explain')} />
          <Flex gap={8} style={{ fontWeight: 500 }}>
            <Typography.Text style={{ flex: 1 }} ellipsis>
              {mobile ? `− ${current}` : expected}
            </Typography.Text>
            <Typography.Text style={{ flex: 1 }} ellipsis>
              {mobile ? `+ ${expected}` : current}
            </Typography.Text>
          </Flex>
          <LazyMergeDiff
            local={block.expected}
            remote={block.current}
            language={undefined}
            sideBySide={!mobile}
            localLabel={expected}
            remoteLabel={current}
            height={DIFF_HEIGHT}
          />
          <Typography.Text type="secondary">{t('edited.choices')}</Typography.Text>
        </Flex>
      ) : null}
    </ResponsiveModal>
  );
}
