import { LinkOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeBox } from '../../../ui/CodeBox';
import type { ProjectRow } from '../utils/ProjectRow';
import { webhookUrl } from '../utils/webhookUrl';

/** The project's webhook address in a popover, with what to do with it and a copy button. */
export function WebhookButton({ project }: { project: ProjectRow }) {
  const { t } = useTranslation('project');
  const url = webhookUrl(window.location.origin, project.id);
  const content = (
    <Flex vertical gap={8} style={{ maxWidth: 420 }}>
      <Typography.Text type="secondary">{t('webhook.help')}</Typography.Text>
      <CodeBox text={url} label={t('webhook.url')} copyLabel={t('webhook.copy')} />
      <Typography.Text type="secondary">
        {t('webhook.branch', { branch: project.branch || '—' })}
      </Typography.Text>
    </Flex>
  );
  return (
    <Popover trigger="click" title={t('webhook.title')} content={content}>
      <Tooltip title={t('webhook.show')}>
        <Button
          type="text"
          size="small"
          icon={<LinkOutlined />}
          aria-label={t('webhook.showFor', { name: project.name })}
        />
      </Tooltip>
    </Popover>
  );
}
