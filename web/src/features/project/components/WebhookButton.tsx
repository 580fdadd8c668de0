import { LinkOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button, Flex, Popover, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { CodeBox } from '../../../ui/CodeBox';
import { useResetWebhookSecret } from '../hooks/useWebhook';
import type { ProjectRow } from '../utils/ProjectRow';
import { webhookUrl } from '../utils/webhookUrl';
import { WebhookDeliveryDrawer } from './WebhookDeliveryDrawer';
import { WebhookProviders } from './WebhookProviders';
import { WebhookSecret } from './WebhookSecret';

/**
 * The project's webhook in a popover: the address with a copy button, its secret (a new one is
 * shown once), what to fill in on each provider's page, and the log of deliveries.
 */
export function WebhookButton({ project }: { project: ProjectRow }) {
  const { t } = useTranslation('webhook');
  const maySwitch = usePermission([Perm.SwitchProjectWebhook]);
  const mayReadLog = usePermission([Perm.SwitchProjectWebhook, Perm.EditProject]);
  const reset = useResetWebhookSecret();
  const [revealed, setRevealed] = useState<string>();
  const [logOpen, setLogOpen] = useState(false);
  const [open, setOpen] = useState(false);
  const url = webhookUrl(window.location.origin, project.id);
  const content = (
    <Flex vertical gap={8} style={{ width: 420, maxWidth: 'calc(100vw - 56px)' }}>
      <Typography.Text type="secondary">{t('help')}</Typography.Text>
      <CodeBox text={url} label={t('url')} copyLabel={t('copy')} />
      <Typography.Text type="secondary">
        {t('branch', { branch: project.branch || '—' })}
      </Typography.Text>
      <WebhookSecret
        hasSecret={project.hasWebhookSecret}
        revealed={revealed}
        busy={reset.isPending}
        {...(maySwitch
          ? {
              onReset: () =>
                reset.mutate(project.id, { onSuccess: (data) => setRevealed(data.secret) }),
            }
          : {})}
      />
      <WebhookProviders url={url} repoUrl={project.url} />
      {mayReadLog ? (
        <Button
          icon={<UnorderedListOutlined />}
          onClick={() => {
            // The log takes the popover's place: a drawer under a popover would be half hidden.
            setOpen(false);
            setRevealed(undefined);
            setLogOpen(true);
          }}
        >
          {t('log.open')}
        </Button>
      ) : null}
    </Flex>
  );
  return (
    <>
      <Popover
        trigger="click"
        title={t('title')}
        content={content}
        open={open}
        // The new secret is shown once: closing the popover forgets it.
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setRevealed(undefined);
        }}
      >
        <Tooltip title={t('show')}>
          <Button
            type="text"
            size="small"
            icon={<LinkOutlined />}
            aria-label={t('showFor', { name: project.name })}
          />
        </Tooltip>
      </Popover>
      {mayReadLog ? (
        <WebhookDeliveryDrawer
          projectId={project.id}
          projectName={project.name}
          open={logOpen}
          onClose={() => setLogOpen(false)}
        />
      ) : null}
    </>
  );
}
