import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../ui/useFeedback';
import { useScriptTemplateMutations } from '../hooks/useScriptTemplates';
import type { ScriptTemplate } from '../utils/ScriptTemplate';

interface TemplateRowProps {
  template: ScriptTemplate;
  onEdit: () => void;
}

/** One saved script in the manage dialog: its name, interpreter and description, Edit and Delete. */
export function TemplateRow({ template, onEdit }: TemplateRowProps) {
  const { t } = useTranslation(['script', 'common']);
  const { message } = useFeedback();
  const { remove } = useScriptTemplateMutations();
  return (
    <Card size="small" role="listitem" aria-label={template.name}>
      <Flex align="center" gap={8} wrap>
        <Flex vertical style={{ flex: '1 1 200px', minWidth: 0 }}>
          <Flex align="center" gap={8}>
            <Typography.Text strong ellipsis>
              {template.name}
            </Typography.Text>
            <Tag variant="filled">{template.interpreter}</Tag>
          </Flex>
          <Typography.Text type="secondary" ellipsis={{ tooltip: template.description }}>
            {template.description || t('templates.noDescription')}
          </Typography.Text>
        </Flex>
        <Button
          size="small"
          icon={<EditOutlined />}
          onClick={onEdit}
          aria-label={t('templates.editOne', { name: template.name })}
        >
          {t('templates.edit')}
        </Button>
        <Popconfirm
          title={t('templates.deleteConfirm', { name: template.name })}
          okText={t('templates.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('common:action.cancel')}
          onConfirm={() => {
            remove
              .mutateAsync(template.id)
              .then(() => void message.success(t('templates.deleted', { name: template.name })))
              .catch(() => undefined);
          }}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            loading={remove.isPending}
            aria-label={t('templates.deleteOne', { name: template.name })}
          >
            {t('templates.delete')}
          </Button>
        </Popconfirm>
      </Flex>
    </Card>
  );
}
