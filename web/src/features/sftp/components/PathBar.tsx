import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  EditOutlined,
  HomeOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Button, Flex, Input, theme, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import { breadcrumbs, resolveTypedPath } from '../utils/remotePath';

interface PathBarProps {
  /** The directory shown; undefined until the first answer. */
  path: string | undefined;
  canBack: boolean;
  canForward: boolean;
  loading: boolean;
  disabled: boolean;
  onGo: (path: string) => void;
  onBack: () => void;
  onForward: () => void;
  onUp: () => void;
  onRefresh: () => void;
}

function NavButton(props: {
  label: string;
  icon: ReactNode;
  disabled: boolean;
  loading?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={props.label}>
      <Button
        type="text"
        aria-label={props.label}
        icon={props.icon}
        disabled={props.disabled}
        loading={props.loading}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

/**
 * The path as it reads (`/srv/app/logs`), each directory a link to it and the last one the
 * directory shown. A long path keeps its end in sight and loses its start.
 */
function Crumbs(props: {
  path: string | undefined;
  disabled: boolean;
  label: string;
  onGo: (path: string) => void;
}) {
  const { token } = theme.useToken();
  const crumbs = breadcrumbs(props.path ?? '/');
  return (
    <nav
      aria-label={props.label}
      style={{ flex: '0 1 auto', minWidth: 0, overflow: 'hidden', display: 'flex' }}
    >
      <ol
        style={{
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'nowrap',
          justifyContent: 'flex-end',
          minWidth: 0,
          margin: 0,
          padding: 0,
          listStyle: 'none',
          fontFamily: token.fontFamilyCode,
          whiteSpace: 'nowrap',
        }}
      >
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          // The root is the path's first slash; the others stand between names.
          const separator = i > 1 ? <Typography.Text type="secondary">/</Typography.Text> : null;
          return (
            <li key={c.path} style={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}>
              {separator}
              {last ? (
                <Typography.Text strong aria-current="location" style={{ padding: '0 4px' }}>
                  {c.name}
                </Typography.Text>
              ) : (
                <Button
                  type="link"
                  size="small"
                  disabled={props.disabled}
                  onClick={() => props.onGo(c.path)}
                  style={{ padding: '0 4px', fontFamily: token.fontFamilyCode }}
                >
                  {c.name}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * Back, forward, up, home and refresh, then the path as breadcrumbs; a click on the path's free space
 * or the edit button turns it into a text box (Enter goes, Escape leaves), where a path may be
 * typed absolute or relative to the directory shown, `~` for home.
 */
export function PathBar(props: PathBarProps) {
  const { path, disabled } = props;
  const { t } = useTranslation('sftp');
  const { token } = theme.useToken();
  // A phone keeps the path its room: forward and home stay on wider screens (~ goes home).
  const mobile = useIsMobile();
  const [typing, setTyping] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const submit = () => {
    if (typing === undefined) return;
    const next = resolveTypedPath(typing, path ?? '/');
    if ('problem' in next) {
      setProblem(t('path.nul'));
      return;
    }
    setTyping(undefined);
    setProblem(undefined);
    props.onGo(next.path);
  };
  const leave = () => {
    setTyping(undefined);
    setProblem(undefined);
  };

  return (
    <Flex align="center" gap={4} style={{ minWidth: 0 }}>
      <NavButton
        label={t('path.back')}
        icon={<ArrowLeftOutlined />}
        disabled={disabled || !props.canBack}
        onClick={props.onBack}
      />
      {mobile ? null : (
        <NavButton
          label={t('path.forward')}
          icon={<ArrowRightOutlined />}
          disabled={disabled || !props.canForward}
          onClick={props.onForward}
        />
      )}
      <NavButton
        label={t('path.up')}
        icon={<ArrowUpOutlined />}
        disabled={disabled || path === undefined || path === '/'}
        onClick={props.onUp}
      />
      {mobile ? null : (
        <NavButton
          label={t('path.home')}
          icon={<HomeOutlined />}
          disabled={disabled}
          onClick={() => props.onGo('')}
        />
      )}
      <NavButton
        label={t('path.refresh')}
        icon={<ReloadOutlined />}
        disabled={disabled || path === undefined}
        loading={props.loading}
        onClick={props.onRefresh}
      />
      {typing !== undefined ? (
        <Tooltip open={problem !== undefined} title={problem}>
          <Input
            autoFocus
            aria-label={t('path.typed')}
            value={typing}
            status={problem ? 'error' : undefined}
            onChange={(e) => {
              setTyping(e.target.value);
              setProblem(undefined);
            }}
            onPressEnter={submit}
            onKeyDown={(e) => {
              if (e.key === 'Escape') leave();
            }}
            onBlur={leave}
            placeholder={t('path.typedPlaceholder')}
            style={{ flex: 1, minWidth: 0, fontFamily: token.fontFamilyCode }}
          />
        </Tooltip>
      ) : (
        <Flex
          align="center"
          gap={4}
          onClick={(e) => {
            if (e.target === e.currentTarget && !disabled) setTyping(path ?? '');
          }}
          style={{
            flex: 1,
            minWidth: 0,
            height: token.controlHeight,
            padding: `0 ${token.paddingXS}px 0 ${token.paddingSM}px`,
            border: `1px solid ${token.colorBorder}`,
            borderRadius: token.borderRadius,
            background: token.colorBgContainer,
            cursor: disabled ? 'default' : 'text',
            overflow: 'hidden',
          }}
        >
          <Crumbs path={path} disabled={disabled} label={t('path.label')} onGo={props.onGo} />
          <span
            style={{ flex: 1, alignSelf: 'stretch' }}
            onClick={() => !disabled && setTyping(path ?? '')}
          />
          <Tooltip title={t('path.edit')}>
            <Button
              type="text"
              size="small"
              aria-label={t('path.edit')}
              icon={<EditOutlined />}
              disabled={disabled}
              onClick={() => setTyping(path ?? '')}
            />
          </Tooltip>
        </Flex>
      )}
    </Flex>
  );
}
