import {
  BranchesOutlined,
  ClockCircleOutlined,
  ClusterOutlined,
  DownOutlined,
  FileTextOutlined,
  HistoryOutlined,
  RocketOutlined,
  StopOutlined,
  TagOutlined,
  UndoOutlined,
  AuditOutlined,
} from '@ant-design/icons';
import { hasHistory, Perm } from '@ferry/contract/client';
import { Button, Dropdown, Flex, Tooltip, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import type { CardLive } from '../utils/cardState';
import type { DeployRow } from '../utils/DeployRow';
import type { DeployHandlers } from './DeployHandlers';

interface DeployActionsProps {
  project: DeployRow;
  live: CardLive;
  on: DeployHandlers;
}

type MenuKey =
  | 'commits'
  | 'tags'
  | 'grey'
  | 'history'
  | 'reviews'
  | 'schedule'
  | 'processes'
  | 'files'
  | 'repository'
  | 'compare'
  | 'reset';

/** The menu of a project's other deploys and tools, as far as the user may use them. */
function useMenuItems(project: DeployRow): NonNullable<MenuProps['items']> {
  const { t } = useTranslation('deploy');
  const mayDeploy = usePermission([Perm.DeployProject]);
  const mayGrey = usePermission([Perm.GreyDeploy]);
  const mayDetail = usePermission([Perm.DeployDetail]);
  const mayReset = usePermission([Perm.DeployResetState]);
  const mayReview = usePermission([Perm.DeployReview]);
  const maySchedule = usePermission([Perm.DeployTask]);
  const mayProcesses = usePermission([Perm.ProcessManager]);
  const mayFiles = usePermission([Perm.FileSync]);
  const mayBrowse = usePermission([Perm.ManageRepository]);
  const mayCompare = usePermission([Perm.FileCompare]);
  // Commits and tags exist only in a repository; a project without one deploys what its scripts make.
  const git = hasHistory(project.repoType);
  const items: { key: MenuKey; icon: ReactNode; label: string; danger?: boolean }[] = [];
  if (mayDeploy && git) {
    items.push({ key: 'commits', icon: <BranchesOutlined />, label: t('action.commits') });
    items.push({ key: 'tags', icon: <TagOutlined />, label: t('action.tags') });
  }
  if (mayGrey) items.push({ key: 'grey', icon: <ClusterOutlined />, label: t('action.grey') });
  if (mayDetail) {
    items.push({ key: 'history', icon: <HistoryOutlined />, label: t('action.history') });
  }
  // Reviews exist only where the project asks for them (or did: old ones stay readable).
  if (mayReview && (project.review === 1 || project.reviewCount > 0)) {
    items.push({ key: 'reviews', icon: <AuditOutlined />, label: t('review.reviews') });
  }
  if (maySchedule && git) {
    items.push({ key: 'schedule', icon: <ClockCircleOutlined />, label: t('action.schedule') });
  }
  // The project's tools, a group of their own: its processes, the files written over its working
  // copy, and the working copy itself (what the last deploy built from, how each server differs).
  const tools: { key: MenuKey; label: string }[] = [];
  if (mayProcesses) tools.push({ key: 'processes', label: t('action.processes') });
  if (mayFiles) tools.push({ key: 'files', label: t('action.files') });
  if (mayBrowse) tools.push({ key: 'repository', label: t('action.repositoryFiles') });
  if (mayCompare) tools.push({ key: 'compare', label: t('action.fileCompare') });
  const menu: NonNullable<MenuProps['items']> = [...items];
  if (tools.length > 0) {
    menu.push({ type: 'group', key: 'tools', label: t('action.tools'), children: tools });
  }
  if (mayReset) {
    if (menu.length > 0) menu.push({ type: 'divider' });
    menu.push({ key: 'reset', icon: <UndoOutlined />, label: t('action.reset'), danger: true });
  }
  return menu;
}

/**
 * Deploy, follow or cancel the running deploy, and a menu of the rest: one row that keeps its
 * place while a deploy runs (Deploy turns disabled, Cancel is an icon).
 */
export function DeployActions({ project, live, on }: DeployActionsProps) {
  const { t } = useTranslation('deploy');
  const mayDeploy = usePermission([Perm.DeployProject]);
  const mayCancel = usePermission([Perm.DeployProject, Perm.DeployResetState]);
  const mayWatch = usePermission([Perm.DeployDetail, Perm.DeployProject]);
  const items = useMenuItems(project);
  const active = live.activeToken !== '';
  const run: Record<MenuKey, () => void> = {
    commits: () => on.onPickCommit(project),
    tags: () => on.onPickTag(project),
    grey: () => on.onGrey(project),
    history: () => on.onHistory(project),
    reviews: () => on.onReviews(project),
    schedule: () => on.onSchedule(project),
    processes: () => on.onProcesses(project),
    files: () => on.onFiles(project),
    repository: () => on.onRepository(project),
    compare: () => on.onFileCompare(project),
    reset: () => on.onReset(project),
  };

  return (
    <Flex gap={8} wrap={false} align="center">
      {mayDeploy ? (
        <Button
          type="primary"
          size="small"
          icon={<RocketOutlined aria-hidden />}
          disabled={active}
          title={active ? t('action.deployBusy') : undefined}
          onClick={() => on.onDeploy(project)}
        >
          {t('action.deploy')}
        </Button>
      ) : null}
      {live.shownToken && mayWatch ? (
        <Button
          size="small"
          icon={<FileTextOutlined aria-hidden />}
          onClick={() => on.onProgress(project, live.shownToken)}
        >
          {active ? t('action.progress') : t('action.lastDeploy')}
        </Button>
      ) : null}
      {active && mayCancel ? (
        <Tooltip title={t('action.cancel')}>
          <Button
            size="small"
            danger
            aria-label={t('action.cancel')}
            icon={<StopOutlined aria-hidden />}
            onClick={() => on.onCancel(project, live.activeToken)}
          />
        </Tooltip>
      ) : null}
      {items.length > 0 ? (
        <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => run[key as MenuKey]() }}>
          <Button
            size="small"
            aria-label={t('action.more', { name: project.name })}
            icon={<DownOutlined />}
            iconPlacement="end"
          >
            {t('action.moreShort')}
          </Button>
        </Dropdown>
      ) : null}
    </Flex>
  );
}
