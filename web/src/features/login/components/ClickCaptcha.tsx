import {
  CheckCircleFilled,
  CloseCircleFilled,
  LoadingOutlined,
  ReloadOutlined,
  WarningFilled,
} from '@ant-design/icons';
import { Button, Flex, Skeleton, theme, Typography } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_CLICKS, useClickCaptcha, type CaptchaStatus } from '../hooks/useClickCaptcha';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, toImagePoint } from '../utils/toImagePoint';

interface ClickCaptchaProps {
  /** `zh-cn` asks the server for Chinese characters. */
  language: string;
  onSuccess: (key: string) => void;
}

/** Click the characters of the thumbnail, in order, on the picture. */
export function ClickCaptcha({ language, onSuccess }: ClickCaptchaProps) {
  const { t } = useTranslation('login');
  const { token } = theme.useToken();
  const { challenge, status, dots, message, click, refresh } = useClickCaptcha(language, onSuccess);
  const locked = status !== 'default' && status !== 'checking';

  const onImageClick = (e: MouseEvent<HTMLDivElement>) =>
    click(toImagePoint(e, e.currentTarget.getBoundingClientRect()));

  const statusLine: Record<CaptchaStatus, { icon?: ReactNode; text: string; color?: string }> = {
    loading: { icon: <LoadingOutlined />, text: t('captcha.loading') },
    loadFailed: {
      icon: <CloseCircleFilled />,
      text: message ?? t('captcha.loadFailed'),
      color: token.colorError,
    },
    default: { text: t('captcha.progress', { done: dots.length, total: CAPTCHA_CLICKS }) },
    checking: { icon: <LoadingOutlined />, text: t('captcha.checking') },
    success: { icon: <CheckCircleFilled />, text: t('captcha.success'), color: token.colorSuccess },
    error: {
      icon: <CloseCircleFilled />,
      text: message ?? t('captcha.error'),
      color: token.colorError,
    },
    tooMany: { icon: <WarningFilled />, text: t('captcha.tooMany'), color: token.colorWarning },
  };
  const line = statusLine[status];

  return (
    <Flex vertical gap={12} style={{ width: '100%', maxWidth: CAPTCHA_WIDTH, margin: '0 auto' }}>
      <Typography.Text type="secondary">{t('captcha.instruction')}</Typography.Text>
      <Flex align="center" justify="space-between" gap={8}>
        {challenge && status !== 'loading' ? (
          <img
            src={challenge.thumb}
            alt={t('captcha.thumbAlt')}
            width={150}
            height={40}
            style={{ borderRadius: 6, border: `1px solid ${token.colorBorderSecondary}` }}
          />
        ) : (
          <Skeleton.Node active style={{ width: 150, height: 40 }} />
        )}
        <Button
          type="text"
          icon={<ReloadOutlined />}
          onClick={refresh}
          aria-label={t('captcha.refresh')}
          title={t('captcha.refresh')}
        />
      </Flex>
      <div
        role="button"
        tabIndex={-1}
        aria-label={t('captcha.imageAlt')}
        onClick={onImageClick}
        style={{
          position: 'relative',
          width: '100%',
          aspectRatio: `${CAPTCHA_WIDTH} / ${CAPTCHA_HEIGHT}`,
          borderRadius: 8,
          overflow: 'hidden',
          cursor: locked ? 'default' : 'crosshair',
          background: token.colorFillTertiary,
          userSelect: 'none',
        }}
      >
        {challenge && status !== 'loading' && status !== 'loadFailed' ? (
          <img
            src={challenge.image}
            alt=""
            draggable={false}
            style={{
              width: '100%',
              height: '100%',
              display: 'block',
              opacity: locked && status !== 'success' ? 0.5 : 1,
            }}
          />
        ) : null}
        {dots.map((d, i) => (
          <span
            key={i}
            style={{
              position: 'absolute',
              left: `${(d.x / CAPTCHA_WIDTH) * 100}%`,
              top: `${(d.y / CAPTCHA_HEIGHT) * 100}%`,
              transform: 'translate(-50%, -50%)',
              width: 24,
              height: 24,
              borderRadius: '50%',
              background: token.colorPrimary,
              color: '#fff',
              border: '2px solid #fff',
              fontSize: 12,
              fontWeight: 600,
              lineHeight: '20px',
              textAlign: 'center',
              boxShadow: token.boxShadowSecondary,
              pointerEvents: 'none',
            }}
          >
            {i + 1}
          </span>
        ))}
      </div>
      <Flex align="center" justify="space-between" gap={8} style={{ minHeight: 32 }}>
        <Typography.Text role="status" style={{ color: line.color }}>
          {line.icon} {line.text}
        </Typography.Text>
        {locked && status !== 'success' ? (
          <Button size="small" icon={<ReloadOutlined />} onClick={refresh}>
            {t('captcha.retry')}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}
