import { UndoOutlined } from '@ant-design/icons';
import { Button, Col, Drawer, Flex, Form, Input, Row, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../ui/useFeedback';
import { useChannelName } from '../hooks/useChannelName';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useEditTemplate, useResetTemplate } from '../hooks/useTemplates';
import type { TemplateRow } from '../utils/deliveryRow';
import { checkTemplate, type TemplateCheck } from '../utils/templateCheck';
import { TemplateHelp } from './TemplateHelp';
import { TemplatePreview } from './TemplatePreview';

interface TemplateDrawerProps {
  open: boolean;
  row?: TemplateRow;
  /** Without the right to edit, the texts are read-only and there is no save or reset. */
  mayEdit: boolean;
  onClose: () => void;
}

interface TemplateValues {
  title: string;
  template: string;
}

/**
 * One template's title and text beside its live preview and the language's help. A text that
 * does not parse shows where, and cannot be saved.
 */
export function TemplateDrawer({ row, ...props }: TemplateDrawerProps) {
  return row ? <TemplateEditor key={row.id} row={row} {...props} /> : null;
}

/** A field's problem under it: empty, or where the template does not parse. */
function problemOf(
  check: TemplateCheck,
  t: ReturnType<typeof useTranslation<'notification'>>['t'],
): string | undefined {
  if (check.kind === 'empty') return t('editor.required');
  if (check.kind === 'problem') return t('editor.problem', { ...check.problem });
  return undefined;
}

function TemplateEditor({
  open,
  row,
  mayEdit,
  onClose,
}: TemplateDrawerProps & { row: TemplateRow }) {
  const { t } = useTranslation(['notification', 'common']);
  const { token } = theme.useToken();
  const { message } = useFeedback();
  const mobile = useIsMobile();
  const channelName = useChannelName();
  const [form] = Form.useForm<TemplateValues>();
  const edit = useEditTemplate();
  const reset = useResetTemplate();
  const confirm = useConfirmAction();
  const title = Form.useWatch('title', form) ?? row.title;
  const template = Form.useWatch('template', form) ?? row.template;
  const titleCheck = checkTemplate(title, row.useBy);
  const bodyCheck = checkTemplate(template, row.useBy);
  const titleProblem = problemOf(titleCheck, t);
  const bodyProblem = problemOf(bodyCheck, t);
  const changed = title !== row.title || template !== row.template;
  const useLabel = t(`use.${row.useBy}`);
  const mono = { fontFamily: token.fontFamilyCode, fontSize: 13 };

  const save = async () => {
    try {
      await edit.mutateAsync({ id: row.id, title, template });
      void message.success(t('editor.saved'));
      onClose();
    } catch {
      // `call` has said why already.
    }
  };
  const askReset = () =>
    confirm({
      title: t('editor.resetTitle'),
      content: t('editor.resetContent', { channel: channelName(row.type), use: useLabel }),
      okText: t('editor.resetOk'),
      run: async () => {
        const fresh = await reset.mutateAsync(row.id);
        form.setFieldsValue({ title: fresh.title, template: fresh.template });
      },
      done: t('editor.resetDone'),
    });

  const footer = (
    <Flex justify="space-between" gap={8}>
      {mayEdit ? (
        <Button icon={<UndoOutlined />} onClick={askReset} loading={reset.isPending}>
          {t('editor.reset')}
        </Button>
      ) : (
        <span />
      )}
      <Flex gap={8}>
        <Button onClick={onClose}>{mayEdit ? t('common:action.cancel') : t('editor.close')}</Button>
        {mayEdit ? (
          <Button
            type="primary"
            loading={edit.isPending}
            disabled={!changed || Boolean(titleProblem) || Boolean(bodyProblem)}
            onClick={() => void save()}
          >
            {t('editor.save')}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      size={mobile ? '100%' : 1000}
      title={t('editor.editTitle', { channel: channelName(row.type), use: useLabel })}
      footer={footer}
    >
      <Form<TemplateValues>
        form={form}
        layout="vertical"
        initialValues={{ title: row.title, template: row.template }}
      >
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={12}>
            <Form.Item
              name="title"
              label={t('editor.title')}
              validateStatus={titleProblem ? 'error' : undefined}
              help={titleProblem}
            >
              <Input.TextArea
                autoSize={{ minRows: 1, maxRows: 4 }}
                readOnly={!mayEdit}
                spellCheck={false}
                maxLength={500}
                style={mono}
              />
            </Form.Item>
            <Form.Item
              name="template"
              label={t('editor.template')}
              validateStatus={bodyProblem ? 'error' : undefined}
              help={bodyProblem}
              style={{ marginBottom: 0 }}
            >
              <Input.TextArea
                autoSize={{ minRows: 14, maxRows: 30 }}
                readOnly={!mayEdit}
                spellCheck={false}
                maxLength={10_000}
                style={mono}
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Flex vertical gap={16}>
              <TemplatePreview title={titleCheck} body={bodyCheck} useLabel={useLabel} />
              <TemplateHelp use={row.useBy} useLabel={useLabel} />
            </Flex>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
