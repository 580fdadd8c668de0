import { DownOutlined, FileTextOutlined, SaveOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Dropdown, Typography, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../ui/useFeedback';
import { useScriptTemplates } from '../hooks/useScriptTemplates';
import type { ScriptDraft } from '../utils/ScriptDraft';
import type { ScriptTemplate } from '../utils/ScriptTemplate';
import { ManageTemplatesModal } from './ManageTemplatesModal';
import { SaveTemplateModal } from './SaveTemplateModal';

interface TemplateMenuProps {
  draft: ScriptDraft;
  onDraft: (change: Partial<ScriptDraft>) => void;
  disabled: boolean;
}

/**
 * The editor's saved scripts: load one (asking before it replaces a script being written), save
 * the script as one, and a dialog to rename, describe and delete them.
 */
export function TemplateMenu({ draft, onDraft, disabled }: TemplateMenuProps) {
  const { t } = useTranslation(['script', 'common']);
  const { message, modal } = useFeedback();
  const templates = useScriptTemplates();
  const [dialog, setDialog] = useState<'save' | 'manage'>();
  const list = templates.data ?? [];

  const load = (tpl: ScriptTemplate) => {
    const apply = () => {
      onDraft({ script: tpl.content, interpreter: tpl.interpreter });
      void message.success(t('templates.loaded', { name: tpl.name }));
    };
    if (draft.script.trim() === '' || draft.script === tpl.content) return apply();
    modal.confirm({
      title: t('templates.replaceTitle'),
      content: t('templates.replaceContent', { name: tpl.name }),
      okText: t('templates.replace'),
      cancelText: t('common:action.cancel'),
      onOk: apply,
    });
  };

  let saved: NonNullable<MenuProps['items']>;
  if (list.length > 0) {
    saved = list.map((tpl) => ({
      key: `template-${tpl.id}`,
      label: tpl.name,
      extra: (
        <Typography.Text type="secondary" style={{ fontSize: '0.85em' }}>
          {tpl.interpreter}
        </Typography.Text>
      ),
      title: tpl.description || tpl.name,
      onClick: () => load(tpl),
    }));
  } else {
    const why = templates.isPending
      ? t('templates.loading')
      : templates.isError
        ? t('templates.loadFailed')
        : t('templates.none');
    saved = [{ key: 'none', label: why, disabled: true }];
  }

  const items: MenuProps['items'] = [
    { type: 'group', key: 'saved', label: t('templates.saved'), children: saved },
    { type: 'divider' },
    {
      key: 'save',
      icon: <SaveOutlined />,
      label: t('templates.saveAs'),
      disabled: draft.script.trim() === '',
      onClick: () => setDialog('save'),
    },
    {
      key: 'manage',
      icon: <SettingOutlined />,
      label: t('templates.manage'),
      onClick: () => setDialog('manage'),
    },
  ];

  return (
    <>
      <Dropdown
        trigger={['click']}
        disabled={disabled}
        menu={{ items, style: { maxHeight: 360, overflowY: 'auto', minWidth: 220 } }}
      >
        <Button icon={<FileTextOutlined />}>
          {t('templates.button')} <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <SaveTemplateModal
        open={dialog === 'save'}
        draft={draft}
        templates={list}
        onClose={() => setDialog(undefined)}
      />
      <ManageTemplatesModal
        open={dialog === 'manage'}
        templates={templates}
        onClose={() => setDialog(undefined)}
      />
    </>
  );
}
