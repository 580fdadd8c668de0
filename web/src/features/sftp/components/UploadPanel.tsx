import {
  CaretRightOutlined,
  CloseOutlined,
  ClearOutlined,
  PauseOutlined,
  RedoOutlined,
} from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Drawer, Empty, Flex, Progress, Tag, theme, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useUploadItems, type PageUploads } from '../hooks/useUploads';
import { humanSize, humanSpeed } from '../../../ui/humanSize';
import { parentPath } from '../utils/remotePath';
import type { UploadItem, UploadState } from '../utils/uploadEngine';

const ROW_HEIGHT = 96;

const STATE_COLOR: Record<UploadState, string> = {
  queued: 'default',
  uploading: 'processing',
  paused: 'warning',
  failed: 'error',
  done: 'success',
  cancelled: 'default',
};

/** Seconds as people read them: `42 s`, `3 min 5 s`, `1 h 2 min`. */
export function timeLeft(t: TFunction<'sftp'>, seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return t('upload.left.seconds', { s });
  if (s < 3600) return t('upload.left.minutes', { m: Math.floor(s / 60), s: s % 60 });
  return t('upload.left.hours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
}

/** What a row says under its bar: the bytes, and while moving the speed and the time left. */
function progressLine(t: TFunction<'sftp'>, item: UploadItem): string {
  const bytes = t('upload.bytesOf', { sent: humanSize(item.sent), size: humanSize(item.size) });
  if (item.state !== 'uploading' || item.speed <= 0) return bytes;
  const left = item.remaining !== undefined ? ` · ${timeLeft(t, item.remaining)}` : '';
  return `${bytes} · ${humanSpeed(item.speed)}${left}`;
}

function UploadRow({ item, uploads }: { item: UploadItem; uploads: PageUploads }) {
  const { t } = useTranslation('sftp');
  const { token } = theme.useToken();
  const { engine } = uploads;
  const percent = item.size > 0 ? Math.floor((item.sent * 100) / item.size) : 100;
  const action = (label: string, icon: ReactNode, run: () => void, danger = false) => (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        danger={danger}
        icon={icon}
        aria-label={`${label}: ${item.name}`}
        onClick={run}
      />
    </Tooltip>
  );
  const live = item.state === 'uploading' || item.state === 'queued';
  return (
    <Flex
      vertical
      gap={2}
      role="listitem"
      aria-label={item.name}
      style={{
        height: ROW_HEIGHT,
        boxSizing: 'border-box',
        padding: '8px 4px',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" gap={8}>
        <Typography.Text strong ellipsis={{ tooltip: item.file }} style={{ flex: 1, minWidth: 0 }}>
          {item.name}
        </Typography.Text>
        <Tag color={STATE_COLOR[item.state]} style={{ marginInlineEnd: 0 }}>
          {t(`upload.state.${item.state}`)}
        </Tag>
        {live ? action(t('upload.pause'), <PauseOutlined />, () => engine.pause(item.id)) : null}
        {item.state === 'paused' || item.state === 'failed'
          ? action(
              item.state === 'failed' ? t('upload.retry') : t('upload.resume'),
              item.state === 'failed' ? <RedoOutlined /> : <CaretRightOutlined />,
              () => engine.resume(item.id),
            )
          : null}
        {item.state !== 'done' && item.state !== 'cancelled'
          ? action(t('upload.cancel'), <CloseOutlined />, () => engine.cancel(item.id), true)
          : null}
      </Flex>
      <Typography.Text type="secondary" ellipsis style={{ fontSize: token.fontSizeSM }}>
        {t('upload.into', { server: item.serverName, dir: parentPath(item.file) })}
      </Typography.Text>
      <Progress
        percent={item.state === 'done' ? 100 : percent}
        size="small"
        showInfo={false}
        status={
          item.state === 'failed'
            ? 'exception'
            : item.state === 'done'
              ? 'success'
              : item.state === 'uploading'
                ? 'active'
                : 'normal'
        }
      />
      <Typography.Text
        type={item.error ? 'danger' : 'secondary'}
        ellipsis={{ tooltip: item.error }}
        style={{ fontSize: token.fontSizeSM }}
      >
        {item.error ? t('upload.error', { reason: item.error }) : progressLine(t, item)}
      </Typography.Text>
    </Flex>
  );
}

/**
 * Every upload of the page: name, bytes, speed, time left and state, each with Pause or Resume
 * and Cancel (which also drops what the server holds). Only the rows in sight are drawn, so a
 * dropped folder of thousands of files stays smooth.
 */
export function UploadPanel(props: { open: boolean; uploads: PageUploads; onClose: () => void }) {
  const { uploads } = props;
  const { t } = useTranslation('sftp');
  const mobile = useIsMobile();
  const items = useUploadItems(uploads);
  const box = useRef<HTMLDivElement>(null);
  // The build does not run React's compiler, which this rule says would skip the component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const list = useVirtualizer({
    count: items.length,
    getScrollElement: () => box.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  });
  const count = (state: UploadState) => items.filter((i) => i.state === state).length;
  const finished = count('done') + count('cancelled');

  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      size={mobile ? '100%' : 520}
      title={t('upload.title')}
      styles={{ body: { padding: '0 16px', display: 'flex', flexDirection: 'column' } }}
      extra={
        <Button
          icon={<ClearOutlined />}
          disabled={finished === 0}
          onClick={() => uploads.engine.clearFinished()}
        >
          {t('upload.clear')}
        </Button>
      }
    >
      <Typography.Text type="secondary" style={{ padding: '12px 0' }} role="status">
        {t('upload.summary', {
          uploading: count('uploading'),
          queued: count('queued'),
          done: count('done'),
          stopped: count('paused') + count('failed'),
        })}
      </Typography.Text>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('upload.empty')} />
      ) : (
        <div
          ref={box}
          role="list"
          aria-label={t('upload.title')}
          style={{ flex: 1, overflow: 'auto' }}
        >
          <div style={{ height: list.getTotalSize(), position: 'relative' }}>
            {list.getVirtualItems().map((row) => {
              const item = items[row.index];
              if (!item) return null;
              return (
                <div
                  key={item.id}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    transform: `translateY(${row.start}px)`,
                  }}
                >
                  <UploadRow item={item} uploads={uploads} />
                </div>
              );
            })}
          </div>
        </div>
      )}
    </Drawer>
  );
}
