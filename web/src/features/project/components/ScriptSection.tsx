import { SCRIPT_MODES, type ScriptMode } from '@ferry/contract/client';
import { Flex, Form, Select, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScriptStage } from '../utils/projectForm';
import type { EditorHandle } from './EditorHandle';
import { ScriptEditor } from './ScriptEditor';

interface ScriptSectionProps {
  stage: ScriptStage;
  shown: boolean;
  onFocusEditor: (handle: EditorHandle) => void;
}

/** One stage's script: where and when it runs, its interpreter and its text. */
export function ScriptSection({ stage, shown, onFocusEditor }: ScriptSectionProps) {
  const { t } = useTranslation('project');
  const { token } = theme.useToken();
  const mode = Form.useWatch<ScriptMode | undefined>(['script', stage, 'mode']) ?? 'bash';
  const title = t(`scripts.${stage}.title`);
  return (
    <section
      aria-label={title}
      style={{
        padding: 12,
        marginBottom: 16,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 8 }}>
        <Flex vertical style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text strong>{title}</Typography.Text>
          <Typography.Text type="secondary">{t(`scripts.${stage}.help`)}</Typography.Text>
        </Flex>
        <Form.Item name={['script', stage, 'mode']} noStyle>
          <Select
            aria-label={t('scripts.modeFor', { stage: title })}
            options={SCRIPT_MODES.map((m) => ({ value: m, label: m }))}
            style={{ width: 120 }}
          />
        </Form.Item>
      </Flex>
      <Form.Item
        name={['script', stage, 'content']}
        rules={[{ max: 65_536, message: t('rule.tooLong') }]}
        style={{ marginBottom: 0 }}
      >
        <ScriptEditor
          shown={shown}
          mode={mode}
          label={t('scripts.contentFor', { stage: title })}
          placeholder={t(`scripts.${stage}.placeholder`)}
          onFocusEditor={onFocusEditor}
        />
      </Form.Item>
    </section>
  );
}
