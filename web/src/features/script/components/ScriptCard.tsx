import { CaretRightOutlined } from '@ant-design/icons';
import {
  MAX_RUN_TIMEOUT_S,
  SCRIPT_INTERPRETERS,
  type ScriptInterpreter,
} from '@ferry/contract/client';
import { Button, Card, Collapse, Flex, InputNumber, Select, Tooltip, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import { whyNotRunnable, type ScriptDraft } from '../utils/ScriptDraft';
import type { EditorHandle } from './EditorHandle';
import { LazyScriptCodeEditor } from './LazyScriptCodeEditor';
import { ServerVariables } from './ServerVariables';
import { TemplateMenu } from './TemplateMenu';

interface ScriptCardProps {
  draft: ScriptDraft;
  onDraft: (change: Partial<ScriptDraft>) => void;
  serverCount: number;
  running: boolean;
  onRun: () => void;
}

/**
 * The script, its interpreter and time limit, and the Run button; below, the server variables.
 * The toolbar's left group holds what belongs to the script itself: its saved scripts, its
 * interpreter and its time limit.
 */
export function ScriptCard({ draft, onDraft, serverCount, running, onRun }: ScriptCardProps) {
  const { t } = useTranslation('script');
  const mobile = useIsMobile();
  const editor = useRef<EditorHandle | null>(null);
  const blocked = whyNotRunnable(draft, serverCount);
  const run = () => {
    if (!blocked && !running) onRun();
  };

  return (
    <Card title={t('editor.title')} size="small">
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Flex align="center" gap={8} wrap>
            <TemplateMenu draft={draft} onDraft={onDraft} disabled={running} />
            <Select<ScriptInterpreter>
              aria-label={t('editor.interpreter')}
              value={draft.interpreter}
              onChange={(interpreter) => onDraft({ interpreter })}
              options={SCRIPT_INTERPRETERS.map((i) => ({ value: i, label: i }))}
              style={{ width: 110 }}
            />
            <Tooltip title={t('editor.timeoutHelp')}>
              <InputNumber<number>
                aria-label={t('editor.timeout')}
                prefix={<Typography.Text type="secondary">{t('editor.timeout')}</Typography.Text>}
                suffix={t('editor.seconds')}
                min={1}
                max={MAX_RUN_TIMEOUT_S}
                precision={0}
                value={draft.timeout}
                onChange={(v) => onDraft({ timeout: v ?? 1 })}
                style={{ width: 190 }}
              />
            </Tooltip>
          </Flex>
          <Tooltip
            title={
              blocked ? t(`editor.${blocked.key}`, { size: blocked.size }) : t('editor.shortcut')
            }
          >
            <Button
              type="primary"
              icon={<CaretRightOutlined />}
              loading={running}
              disabled={Boolean(blocked) || running}
              onClick={run}
              block={mobile}
            >
              {serverCount > 0 ? t('editor.runOn', { count: serverCount }) : t('editor.run')}
            </Button>
          </Tooltip>
        </Flex>
        <LazyScriptCodeEditor
          value={draft.script}
          onChange={(script) => onDraft({ script })}
          interpreter={draft.interpreter}
          label={t('editor.label')}
          placeholder={t('editor.placeholder')}
          loadingText={t('editor.loading')}
          onRun={run}
          handleRef={editor}
        />
        <Collapse
          size="small"
          defaultActiveKey={mobile ? [] : ['variables']}
          items={[
            {
              key: 'variables',
              label: t('variables.title'),
              children: <ServerVariables onPick={(text) => editor.current?.insert(text)} />,
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
