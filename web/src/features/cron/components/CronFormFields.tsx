import { Form, Input, Radio, Switch, theme } from 'antd';
import { useNotifyTargetReveal } from '../../../api/useNotifyTargetReveal';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NotifyFields } from '../../../ui/NotifyFields';
import { cronProblem } from '../utils/cronExpression';
import {
  CRON_LOG_LEVELS,
  MAX_CRON_COMMAND_CHARS,
  MAX_CRON_DESCRIPTION_CHARS,
  cronRoutes,
} from '@ferry/contract/client';
import { cronProblemText } from '../utils/cronProblemText';
import { CronExpressionPreview } from './CronExpressionPreview';

/**
 * The form of a job: when, what, how its runs are kept, and whom a failure notifies (the stored
 * address of job `jobId` is shown whole on request).
 */
export function CronFormFields({ jobId }: { jobId?: number | undefined }): ReactElement {
  const { t } = useTranslation('cron');
  const reveal = useNotifyTargetReveal(cronRoutes.showNotifyTarget, jobId);
  const { token } = theme.useToken();
  const mono = { fontFamily: token.fontFamilyCode };
  const expression = Form.useWatch<string | undefined>('expression') ?? '';
  return (
    <>
      <Form.Item
        name="expression"
        label={t('form.expression')}
        extra={t('form.expressionHelp')}
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const problem = cronProblem(value ?? '');
              return problem
                ? Promise.reject(new Error(cronProblemText(problem, t)))
                : Promise.resolve();
            },
          },
        ]}
      >
        <Input placeholder="*/5 * * * *" spellCheck={false} autoComplete="off" style={mono} />
      </Form.Item>
      <div style={{ margin: '-8px 0 16px' }}>
        <CronExpressionPreview expression={expression} />
      </div>
      <Form.Item
        name="command"
        label={t('form.command')}
        extra={t('form.commandHelp')}
        rules={[
          { required: true, message: t('form.commandRequired') },
          {
            max: MAX_CRON_COMMAND_CHARS,
            message: t('form.commandTooLong', { max: MAX_CRON_COMMAND_CHARS }),
          },
          // A crontab line ends at a newline; NUL cannot be written at all.
          { pattern: /^[^\n\r\0]*$/, message: t('form.commandOneLine') },
        ]}
      >
        <Input spellCheck={false} autoComplete="off" style={mono} />
      </Form.Item>
      <Form.Item name="logLevel" label={t('form.logLevel')}>
        <Radio.Group
          optionType="button"
          options={CRON_LOG_LEVELS.map((level) => ({
            value: level,
            label: t(`logLevel.${level}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="singleMode"
        label={t('form.singleMode')}
        extra={t('form.singleModeHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('form.description')}
        rules={[
          {
            max: MAX_CRON_DESCRIPTION_CHARS,
            message: t('form.descriptionTooLong', { max: MAX_CRON_DESCRIPTION_CHARS }),
          },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <NotifyFields reveal={reveal} />
    </>
  );
}
