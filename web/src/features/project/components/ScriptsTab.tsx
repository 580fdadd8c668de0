import { Col, Row } from 'antd';
import { useFeedback } from '../../../ui/useFeedback';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../ui/copyText';
import { SCRIPT_STAGES } from '../utils/projectForm';
import { CustomVariablesField } from './CustomVariablesField';
import type { EditorHandle } from './EditorHandle';
import { ScriptSection } from './ScriptSection';
import { VariablesPanel } from './VariablesPanel';

/**
 * The three stage scripts, the project's own variables, and beside them (below, on phones) every
 * variable a script may use. `shown`: the tab is on screen, so the editors may load.
 */
export function ScriptsTab({ shown }: { shown: boolean }) {
  const { t } = useTranslation(['project', 'common']);
  const { message } = useFeedback();
  const mobile = useIsMobile();
  // The editor last typed in: a picked variable goes to its cursor.
  const lastEditor = useRef<EditorHandle | undefined>(undefined);

  const pick = async (text: string) => {
    if (lastEditor.current) {
      lastEditor.current.insert(text);
      return;
    }
    if (await copyText(text)) void message.success(t('project:variables.copied', { name: text }));
    else void message.error(t('common:action.copyFailed'));
  };

  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={16}>
        {SCRIPT_STAGES.map((stage) => (
          <ScriptSection
            key={stage}
            stage={stage}
            shown={shown}
            onFocusEditor={(handle) => {
              lastEditor.current = handle;
            }}
          />
        ))}
        <CustomVariablesField />
      </Col>
      <Col xs={24} lg={8}>
        {/* Beside the editors it stays in view while they scroll; below them on phones. */}
        <div
          style={
            mobile
              ? undefined
              : { position: 'sticky', top: 0, maxHeight: 'calc(100vh - 200px)', overflowY: 'auto' }
          }
        >
          <VariablesPanel onPick={(text) => void pick(text)} />
        </div>
      </Col>
    </Row>
  );
}
