import { Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeBox } from '../../../ui/CodeBox';
import { MonoText } from '../../../ui/MonoText';
import { useServerOptions } from '../../../api/options/useServerOptions';
import type { ProjectFormValues } from '../utils/projectForm';
import { transferPreview } from '../utils/transferPreview';

/** The form's transfer settings as the preview needs them, watched live. */
function useTransferSettings() {
  const form = Form.useFormInstance<ProjectFormValues>();
  const watch = { form, preserve: true } as const;
  return {
    transferType: Form.useWatch('transferType', watch) ?? 'rsync',
    transferOption: Form.useWatch('transferOption', watch) ?? '',
    path: Form.useWatch('path', watch) ?? '',
    symlink: Form.useWatch('symlink', watch) ?? false,
    symlinkPath: Form.useWatch('symlinkPath', watch) ?? '',
    serverIds: Form.useWatch('serverIds', watch) ?? [],
  };
}

/**
 * What the transfer of a deployment will run, for the first chosen server (or placeholders):
 * the rsync command, the SFTP upload, or the custom command with its variables as written.
 */
export function TransferPreviewBox() {
  const { t } = useTranslation('project');
  const { serverIds, ...settings } = useTransferSettings();
  const servers = useServerOptions();
  const first = (servers.data ?? []).find((s) => s.id === serverIds[0]);
  const preview = transferPreview(settings, first);
  if (preview.kind === 'invalid') return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 24 }}>
      <Typography.Text strong>{t('advanced.preview')}</Typography.Text>
      <Typography.Text type="secondary">
        {first ? t('advanced.previewFor', { name: first.name }) : t('advanced.previewNoServer')}
      </Typography.Text>
      {preview.kind === 'rsync' || preview.kind === 'custom' ? (
        <CodeBox
          text={preview.command}
          label={t('advanced.previewCommand')}
          copyLabel={t('advanced.copyCommand')}
        />
      ) : null}
      {preview.kind === 'sftp' ? (
        <Typography.Text aria-label={t('advanced.previewCommand')}>
          {t('advanced.sftpPreview')} <MonoText>{preview.target}</MonoText>
          {preview.options.length > 0 ? (
            <>
              {' '}
              {t('advanced.sftpOptions')} <MonoText>{preview.options.join(' ')}</MonoText>
            </>
          ) : null}
        </Typography.Text>
      ) : null}
      {preview.kind === 'nothing' ? (
        <Typography.Text type="warning">{t('advanced.nothing')}</Typography.Text>
      ) : null}
    </Flex>
  );
}
