import { FileTextOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../ui/ErrorState';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import type { useScriptTemplates } from '../hooks/useScriptTemplates';
import { TemplateEditForm } from './TemplateEditForm';
import { TemplateRow } from './TemplateRow';

interface ManageTemplatesModalProps {
  open: boolean;
  templates: ReturnType<typeof useScriptTemplates>;
  onClose: () => void;
}

/** The namespace's saved scripts: rename one, change its description, or delete it. */
export function ManageTemplatesModal({ open, templates, onClose }: ManageTemplatesModalProps) {
  const { t } = useTranslation('script');
  const [editing, setEditing] = useState<number>();
  const list = templates.data ?? [];

  let body;
  if (templates.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (templates.isError) {
    body = (
      <ErrorState title={t('templates.loadFailed')} onRetry={() => void templates.refetch()} />
    );
  } else if (list.length === 0) {
    body = (
      <Empty
        image={<FileTextOutlined style={{ fontSize: 40, opacity: 0.45 }} />}
        description={t('templates.empty')}
      />
    );
  } else {
    body = (
      <Flex vertical gap={8} role="list" aria-label={t('templates.saved')}>
        {list.map((tpl) =>
          editing === tpl.id ? (
            <TemplateEditForm key={tpl.id} template={tpl} onDone={() => setEditing(undefined)} />
          ) : (
            <TemplateRow key={tpl.id} template={tpl} onEdit={() => setEditing(tpl.id)} />
          ),
        )}
      </Flex>
    );
  }

  return (
    <ResponsiveModal
      open={open}
      title={t('templates.manageTitle')}
      onCancel={() => {
        setEditing(undefined);
        onClose();
      }}
      footer={<Button onClick={onClose}>{t('templates.close')}</Button>}
    >
      {body}
    </ResponsiveModal>
  );
}
