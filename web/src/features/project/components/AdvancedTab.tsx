import {
  DEFAULT_RSYNC_OPTION,
  parseArgv,
  TRANSFER_TYPES,
  type TransferType,
} from '@ferry/contract/client';
import { Divider, Form, Input, Radio, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProblemRule } from '../hooks/useProblemRule';
import type { ProjectFormValues } from '../utils/projectForm';
import { TimeoutField } from './TimeoutField';
import { TransferPreviewBox } from './TransferPreviewBox';

const PLACEHOLDERS: Record<TransferType, string> = {
  rsync: DEFAULT_RSYNC_OPTION,
  sftp: '--exclude .git',
  custom: 'scp -r ./ ${SERVER_OWNER}@${SERVER_IP}:${PROJECT_PATH}',
};

const argvProblem = (value: string) => {
  const parsed = parseArgv(value);
  return 'problem' in parsed ? parsed.problem : undefined;
};

/** How files reach the servers, a preview of it, and how long each stage may take. */
export function AdvancedTab() {
  const { t } = useTranslation('project');
  const form = Form.useFormInstance<ProjectFormValues>();
  const { token } = theme.useToken();
  const problemRule = useProblemRule();
  const transferType = Form.useWatch<TransferType | undefined>('transferType') ?? 'rsync';

  // rsync's proposed options make no sense to another transfer, and back again.
  const switchType = (next: TransferType) => {
    const option = String(form.getFieldValue('transferOption') ?? '').trim();
    if (next !== 'rsync' && option === DEFAULT_RSYNC_OPTION) {
      form.setFieldValue('transferOption', '');
    } else if (next === 'rsync' && option === '') {
      form.setFieldValue('transferOption', DEFAULT_RSYNC_OPTION);
    }
  };

  return (
    <>
      <Form.Item name="transferType" label={t('advanced.transferType')}>
        <Radio.Group
          options={TRANSFER_TYPES.map((value) => ({ value, label: t(`transfer.${value}`) }))}
          onChange={(e) => switchType(e.target.value as TransferType)}
        />
      </Form.Item>
      <Form.Item
        name="transferOption"
        label={t(`advanced.option.${transferType}`)}
        extra={t(`advanced.optionHelp.${transferType}`)}
        rules={[problemRule(argvProblem, 'argv'), { max: 4096, message: t('rule.tooLong') }]}
      >
        <Input
          placeholder={PLACEHOLDERS[transferType]}
          autoComplete="off"
          spellCheck={false}
          style={{ fontFamily: token.fontFamilyCode }}
        />
      </Form.Item>
      <TransferPreviewBox />
      <Divider titlePlacement="start" plain>
        {t('advanced.timeouts')}
      </Divider>
      <TimeoutField name="buildTimeout" />
      <TimeoutField name="transferTimeout" />
      <TimeoutField name="afterDeployTimeout" />
    </>
  );
}
