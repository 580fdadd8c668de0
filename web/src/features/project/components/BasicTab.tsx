import {
  deployPathProblem,
  ENVIRONMENTS,
  MAX_RELEASES_KEPT,
  symlinkPathProblem,
} from '@ferry/contract/client';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProblemRule } from '../hooks/useProblemRule';
import { useProjectLabels } from '../hooks/useProjectLabels';
import type { ProjectFormValues } from '../utils/projectForm';

const HTTP_URL = /^https?:\/\/\S+$/i;

/** Where the symlinked releases go, and how many are kept. */
function SymlinkFields() {
  const { t } = useTranslation('project');
  const form = Form.useFormInstance<ProjectFormValues>();
  const problemRule = useProblemRule();
  return (
    <>
      <Form.Item
        name="symlinkPath"
        label={t('form.symlinkPath')}
        dependencies={['path']}
        rules={[
          { required: true, whitespace: true, message: t('rule.symlinkRequired') },
          problemRule(
            (v) => symlinkPathProblem(v, String(form.getFieldValue('path') ?? '').trim()),
            'pathAbsolute',
          ),
        ]}
        extra={t('form.symlinkHelp')}
      >
        <Input placeholder="/var/www/releases" autoComplete="off" maxLength={1024} />
      </Form.Item>
      <Form.Item
        name="symlinkBackupNumber"
        label={t('form.symlinkBackupNumber')}
        extra={t('form.symlinkBackupHelp')}
        rules={[{ required: true, message: t('rule.range', { min: 1, max: MAX_RELEASES_KEPT }) }]}
      >
        <InputNumber min={1} max={MAX_RELEASES_KEPT} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </>
  );
}

/** Name, environment, labels, deploy path with optional symlinked releases, and review. */
export function BasicTab() {
  const { t } = useTranslation(['project', 'common']);
  const labels = useProjectLabels();
  const problemRule = useProblemRule();
  const symlink = Form.useWatch<boolean | undefined>('symlink');
  const review = Form.useWatch<boolean | undefined>('review');
  return (
    <>
      <Form.Item
        name="name"
        label={t('form.name')}
        rules={[
          { required: true, whitespace: true, message: t('rule.nameRequired') },
          { max: 255, message: t('rule.tooLong') },
        ]}
      >
        <Input autoComplete="off" maxLength={255} />
      </Form.Item>
      <Form.Item
        name="environment"
        label={t('form.environment')}
        rules={[{ required: true, message: t('rule.environmentRequired') }]}
      >
        <Select
          aria-label={t('form.environment')}
          options={ENVIRONMENTS.map((e) => ({ value: e, label: t(`common:environment.${e}`) }))}
          style={{ maxWidth: 240 }}
        />
      </Form.Item>
      <Form.Item name="labels" label={t('form.labels')} extra={t('form.labelsHelp')}>
        <Select
          mode="tags"
          aria-label={t('form.labels')}
          tokenSeparators={[',']}
          options={(labels.data ?? []).map((l) => ({ value: l, label: l }))}
        />
      </Form.Item>
      <Form.Item
        name="path"
        label={t('form.path')}
        extra={t('form.pathHelp')}
        rules={[
          { required: true, whitespace: true, message: t('rule.pathRequired') },
          problemRule(deployPathProblem, 'pathAbsolute'),
        ]}
      >
        <Input placeholder="/var/www/app" autoComplete="off" maxLength={1024} />
      </Form.Item>
      <Form.Item
        name="symlink"
        label={t('form.symlink')}
        extra={t('form.symlinkOnHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      {symlink ? <SymlinkFields /> : null}
      <Form.Item
        name="review"
        label={t('form.review')}
        extra={t('form.reviewHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      {review ? (
        <Form.Item
          name="reviewURL"
          label={t('form.reviewURL')}
          extra={t('form.reviewURLHelp')}
          rules={[
            { pattern: HTTP_URL, message: t('rule.httpUrl') },
            { max: 2048, message: t('rule.tooLong') },
          ]}
        >
          <Input placeholder="https://review.example.com/approve" autoComplete="off" />
        </Form.Item>
      ) : null}
    </>
  );
}
