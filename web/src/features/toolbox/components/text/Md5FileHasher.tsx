import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Progress, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMd5File } from '../../hooks/useMd5File';
import { CopyableResult } from './CopyableResult';

/** A drop zone: the chosen file is hashed in the browser with progress, and can be cancelled. */
export function Md5FileHasher() {
  const { t } = useTranslation('toolboxText');
  const { state, start, cancel } = useMd5File();
  return (
    <Flex vertical gap={12}>
      <Upload.Dragger
        multiple={false}
        showUploadList={false}
        fileList={[]}
        // Returning false keeps antd from uploading: the file is only read here.
        beforeUpload={(file) => {
          start(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('md5.drop')}</p>
        <p className="ant-upload-hint">{t('md5.dropHint')}</p>
      </Upload.Dragger>
      {state.phase === 'reading' && (
        <Flex vertical gap={4}>
          <Typography.Text>{t('md5.reading', { name: state.name })}</Typography.Text>
          <Flex align="center" gap={8}>
            <Progress
              percent={state.size === 0 ? 100 : Math.floor((state.read / state.size) * 100)}
              style={{ flex: 1, margin: 0 }}
            />
            <Button size="small" onClick={cancel}>
              {t('md5.cancel')}
            </Button>
          </Flex>
        </Flex>
      )}
      {state.phase === 'done' && (
        <CopyableResult label={t('md5.fileHash', { name: state.name })} value={state.hash} />
      )}
      {state.phase === 'cancelled' && (
        <Alert type="info" showIcon title={t('md5.cancelled', { name: state.name })} />
      )}
      {state.phase === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={t('md5.readFailed', { name: state.name, message: state.message })}
        />
      )}
    </Flex>
  );
}
