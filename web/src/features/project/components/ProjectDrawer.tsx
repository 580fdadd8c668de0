import { Drawer, Form, Tabs, type FormInstance } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../ui/useFeedback';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useConfirmAcceptRepoKey } from '../hooks/useConfirmAcceptRepoKey';
import { useErrorTabs } from '../hooks/useErrorTabs';
import { useProjects } from '../hooks/useProjects';
import { useSaveProject } from '../hooks/useSaveProject';
import { PROJECT_TABS, tabOf, type ProjectTab } from '../utils/projectFields';
import { formValuesOf, type FormMode, type ProjectFormValues } from '../utils/projectForm';
import type { ProjectRow } from '../utils/ProjectRow';
import { AdvancedTab } from './AdvancedTab';
import { BasicTab } from './BasicTab';
import { MembersTab } from './MembersTab';
import { NotifyTab } from './NotifyTab';
import { ProjectTabLabel } from './ProjectTabLabel';
import { RepositoryTab } from './RepositoryTab';
import { ScriptsTab } from './ScriptsTab';
import { ServersTab } from './ServersTab';
import { SaveFooter } from '../../../ui/SaveFooter';

interface ProjectDrawerProps {
  open: boolean;
  mode: FormMode;
  /** The project to edit or copy; none to add one. */
  project?: ProjectRow;
  onClose: () => void;
}

/** Asks before throwing away what was typed; closes at once when nothing was. */
function useCloseGuard(form: FormInstance<ProjectFormValues>, onClose: () => void) {
  const { t } = useTranslation('project');
  const { modal } = useFeedback();
  return () => {
    if (!form.isFieldsTouched()) return onClose();
    modal.confirm({
      title: t('form.discardTitle'),
      content: t('form.discardContent'),
      okText: t('form.discard'),
      okButtonProps: { danger: true },
      cancelText: t('form.keepEditing'),
      onOk: onClose,
    });
  };
}

/**
 * Adds a project, edits one or adds a copy of one, in tabs. Every tab is rendered from the start
 * so a save checks the fields of all of them, marks the tabs holding errors and brings forward
 * the first.
 * Secrets are never shown: on edit their fields start empty and empty keeps the stored one.
 */
export function ProjectDrawer({ open, mode, project, onClose }: ProjectDrawerProps) {
  const { t } = useTranslation(['project', 'common']);
  const mobile = useIsMobile();
  const [form] = Form.useForm<ProjectFormValues>();
  const [tab, setTab] = useState<ProjectTab>('basic');
  const editing = mode === 'edit' ? project : undefined;
  // The row as the list holds it now: a host key accepted meanwhile clears its warning.
  const live = useProjects().data?.find((p) => p.id === editing?.id) ?? editing;
  const acceptKey = useConfirmAcceptRepoKey();
  const close = useCloseGuard(form, onClose);
  const errorTabs = useErrorTabs(form);
  const showTab = (key: ProjectTab) => {
    setTab(key);
    errorTabs.refresh();
  };
  const { save, saving } = useSaveProject(form, mode, project, { saved: onClose, showTab });
  const initialValues = useMemo(
    () => formValuesOf(project, mode, (name) => t('project:form.copyName', { name })),
    [project, mode, t],
  );

  const panes: Record<ProjectTab, ReactNode> = {
    basic: <BasicTab />,
    repository: <RepositoryTab editing={editing} live={live} onAcceptKey={acceptKey} />,
    servers: <ServersTab />,
    members: <MembersTab />,
    scripts: <ScriptsTab shown={open && tab === 'scripts'} />,
    notify: <NotifyTab editing={editing} />,
    advanced: <AdvancedTab />,
  };
  const titles = {
    add: t('project:form.addTitle'),
    edit: t('project:form.editTitle', { name: project?.name ?? '' }),
    copy: t('project:form.copyTitle', { name: project?.name ?? '' }),
  };

  return (
    <Drawer
      open={open}
      size={mobile ? '100%' : 880}
      title={titles[mode]}
      onClose={close}
      destroyOnHidden
      footer={
        <SaveFooter
          cancelText={t('common:action.cancel')}
          saveText={editing ? t('project:form.save') : t('project:form.add')}
          saving={saving}
          onCancel={close}
          onSave={() => form.submit()}
        />
      }
    >
      <Form<ProjectFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={() => void save()}
        onFieldsChange={errorTabs.refresh}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields[0] ? tabOf(errorFields[0].name) : undefined;
          if (first) showTab(first);
        }}
      >
        <Tabs
          activeKey={tab}
          size={mobile ? 'small' : 'middle'}
          onChange={(key) => setTab(key as ProjectTab)}
          items={PROJECT_TABS.map((key) => ({
            key,
            label: (
              <ProjectTabLabel
                text={t(`project:tab.${key}`)}
                hasErrors={errorTabs.tabs.has(key)}
                errorsLabel={t('project:form.tabHasErrors')}
              />
            ),
            forceRender: true,
            children: panes[key],
          }))}
        />
        <ResetOnOpen
          form={form}
          open={open}
          opened={[mode, project]}
          onReset={() => showTab('basic')}
        />
      </Form>
    </Drawer>
  );
}

/**
 * Each opening starts from the project's values (or blank) on the first tab, whatever the last
 * one left behind. It lives inside the form so it runs once the fields exist. Only a new opening
 * (or another project) resets: a language switch while editing keeps what was typed.
 */
function ResetOnOpen({
  form,
  open,
  opened,
  onReset,
}: {
  form: FormInstance<ProjectFormValues>;
  open: boolean;
  /** What was opened: the mode and the project. */
  opened: readonly [FormMode, ProjectRow | undefined];
  onReset: () => void;
}) {
  const [mode, project] = opened;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    onReset();
    // `onReset` is a new function each render; the opening and what it opened are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, open, mode, project]);
  return null;
}
