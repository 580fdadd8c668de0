import { DownloadOutlined, PauseOutlined, CaretRightOutlined } from '@ant-design/icons';
import { Button, Flex, Segmented, Spin, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../ui/ErrorState';
import { useCastPlayer } from '../hooks/useCastPlayer';

const SPEEDS = [0.5, 1, 2, 4] as const;
const PLAYER_HEIGHT = 'max(240px, min(62vh, 720px))';

interface ReplayPlayerProps {
  /** The recording (asciicast v2 text). */
  cast: string;
  /** Where the recording downloads from. */
  downloadUrl: string;
  downloadName: string;
}

/** A recording in asciinema-player, with play and pause, speed, fit and download. */
export function ReplayPlayer({ cast, downloadUrl, downloadName }: ReplayPlayerProps) {
  const { t } = useTranslation('terminal');
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [speed, setSpeed] = useState<number>(1);
  const [fit, setFit] = useState(true);
  const player = useCastPlayer(container, cast, { speed, fit });

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} align="center" wrap role="toolbar" aria-label={t('replay.controls')}>
        {player.playing ? (
          <Button icon={<PauseOutlined />} onClick={player.pause}>
            {t('replay.pause')}
          </Button>
        ) : (
          <Button
            type="primary"
            icon={<CaretRightOutlined />}
            onClick={player.play}
            disabled={player.state !== 'ready'}
          >
            {t('replay.play')}
          </Button>
        )}
        <Segmented<number>
          aria-label={t('replay.speed')}
          value={speed}
          onChange={setSpeed}
          options={SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
        />
        <Flex gap={8} align="center">
          <Switch checked={fit} onChange={setFit} aria-label={t('replay.fit')} size="small" />
          <Typography.Text>{t('replay.fit')}</Typography.Text>
        </Flex>
        <Button icon={<DownloadOutlined />} href={downloadUrl} download={downloadName}>
          {t('log.download')}
        </Button>
      </Flex>
      <Typography.Text type="secondary">{t('replay.hint')}</Typography.Text>
      {player.state === 'failed' ? <ErrorState title={t('replay.playerFailed')} /> : null}
      <Spin spinning={player.state === 'loading'}>
        <div
          ref={setContainer}
          data-testid="cast-player"
          // Fitted, the player scales the recording into this box; otherwise the box scrolls.
          style={fit ? { height: PLAYER_HEIGHT } : { maxHeight: PLAYER_HEIGHT, overflow: 'auto' }}
        />
      </Spin>
    </Flex>
  );
}
