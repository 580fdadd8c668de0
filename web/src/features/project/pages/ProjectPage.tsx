import { PlusOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button } from 'antd';
import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../auth/Can';
import { ListPage } from '../../../ui/ListPage';
import { DEFAULT_PAGE_SIZE } from '../../../ui/pageSizes';
import type { PageState } from '../../../ui/useBrowserPagination';
import { useDialog } from '../../../ui/useDialog';
import { useServerOptions } from '../../../api/options/useServerOptions';
import { ProjectDrawer } from '../components/lazyDialogs';
import { ProjectEmpty } from '../components/ProjectEmpty';
import { ProjectTable } from '../components/ProjectTable';
import { ProjectToolbar } from '../components/ProjectToolbar';
import { useConfirmAcceptRepoKey } from '../hooks/useConfirmAcceptRepoKey';
import { useConfirmRemove } from '../hooks/useConfirmRemove';
import { useMemberOptions } from '../../../api/options/useMemberOptions';
import { useProjectLabels } from '../hooks/useProjectLabels';
import { useProjects } from '../hooks/useProjects';
import { useSetAutoDeploy } from '../hooks/useSetAutoDeploy';
import { filterProjects, isFiltered, NO_FILTER, type ProjectFilter } from '../utils/filterProjects';
import type { FormMode } from '../utils/projectForm';
import type { ProjectRow } from '../utils/ProjectRow';

/** The names of the servers and members the rows point at, by id. */
function useBoundNames() {
  const servers = useServerOptions();
  const members = useMemberOptions();
  const serverNames = useMemo(
    () => new Map((servers.data ?? []).map((s) => [s.id, s.name])),
    [servers.data],
  );
  const memberNames = useMemo(
    () => new Map((members.data ?? []).map((m) => [m.userId, m.userName])),
    [members.data],
  );
  return { serverNames, memberNames };
}

/**
 * /project/index: the projects of the namespace. Search by name and label; add, edit, copy and
 * delete; switch deploying on push and show its webhook; accept a repository's new host key.
 */
export function ProjectPage(): ReactElement {
  const { t } = useTranslation(['menu', 'project']);
  const projects = useProjects();
  const labels = useProjectLabels();
  const names = useBoundNames();
  const [filter, setFilter] = useState<ProjectFilter>(NO_FILTER);
  const [page, setPage] = useState<PageState>({ current: 1, pageSize: DEFAULT_PAGE_SIZE });
  const drawer = useDialog<{ mode: FormMode; project?: ProjectRow }>();
  const autoDeploy = useSetAutoDeploy();
  const remove = useConfirmRemove();
  const acceptKey = useConfirmAcceptRepoKey();
  const all = useMemo(() => projects.data ?? [], [projects.data]);
  const shown = useMemo(() => filterProjects(all, filter), [all, filter]);
  const add = () => drawer.show({ mode: 'add' });

  return (
    <>
      <ListPage
        title={t('menu:projectIndex')}
        subtitle={t('project:subtitle')}
        extra={
          <Can anyOf={[Perm.AddProject]}>
            <Button type="primary" icon={<PlusOutlined />} onClick={add}>
              {t('project:action.add')}
            </Button>
          </Can>
        }
        filters={
          <ProjectToolbar
            filter={filter}
            onChange={(f) => {
              setFilter(f);
              setPage((p) => ({ ...p, current: 1 }));
            }}
            labels={labels.data ?? []}
          />
        }
        filtered={isFiltered(filter)}
        reloading={projects.isFetching}
        onReload={() => void projects.refetch()}
        error={
          projects.isError
            ? {
                title: t('project:loadFailed'),
                error: projects.error,
                onRetry: () => void projects.refetch(),
              }
            : undefined
        }
      >
        <ProjectTable
          projects={shown}
          loading={projects.isPending}
          empty={<ProjectEmpty filtered={isFiltered(filter)} onAdd={add} />}
          page={page}
          onPageChange={setPage}
          {...names}
          switching={autoDeploy.busyId}
          onToggleAutoDeploy={autoDeploy.toggle}
          onAcceptKey={acceptKey}
          onEdit={(project) => drawer.show({ mode: 'edit', project })}
          onCopy={(project) => drawer.show({ mode: 'copy', project })}
          onRemove={remove}
        />
      </ListPage>
      <ProjectDrawer
        open={drawer.open}
        mode={drawer.value?.mode ?? 'add'}
        project={drawer.value?.project}
        onClose={drawer.close}
      />
    </>
  );
}
