import { Perm } from '@ferry/contract/client';
import { Flex, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import type { ProjectRow } from '../utils/ProjectRow';
import { WebhookButton } from './WebhookButton';

interface AutoDeployCellProps {
  project: ProjectRow;
  busy: boolean;
  onToggle: (project: ProjectRow) => void;
}

/**
 * Deploy on every push: a switch for those who may change it (SwitchProjectWebhook), else a tag;
 * beside it the webhook address to give the git host.
 */
export function AutoDeployCell({ project, busy, onToggle }: AutoDeployCellProps) {
  const { t } = useTranslation('project');
  const maySwitch = usePermission([Perm.SwitchProjectWebhook]);
  const on = project.autoDeploy === 1;
  return (
    <Flex gap={4} align="center" wrap={false}>
      {maySwitch ? (
        <Switch
          checked={on}
          loading={busy}
          checkedChildren={t('autoDeploy.onLabel')}
          unCheckedChildren={t('autoDeploy.offLabel')}
          aria-label={t('autoDeploy.switchLabel', { name: project.name })}
          onChange={() => onToggle(project)}
        />
      ) : (
        <Tag color={on ? 'success' : undefined}>
          {on ? t('autoDeploy.onLabel') : t('autoDeploy.offLabel')}
        </Tag>
      )}
      {on || maySwitch ? <WebhookButton project={project} /> : null}
    </Flex>
  );
}
