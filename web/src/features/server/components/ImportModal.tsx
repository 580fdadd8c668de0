import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useImportServers } from '../hooks/useImportServers';
import { serverCsvTemplate } from '../utils/csvTemplate';
import { downloadText } from '../utils/downloadText';
import { importProblems } from '../utils/importProblems';
import { ImportColumns } from './ImportColumns';

/**
 * Imports servers from a CSV file. The server checks every row before it adds any, so the
 * answer is either all imported or the list of problems to fix.
 */
export function ImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('server');
  const importCsv = useImportServers();
  const problems = importProblems(importCsv.error);

  return (
    <ResponsiveModal
      open={open}
      width={720}
      title={t('import.title')}
      onCancel={onClose}
      afterClose={() => importCsv.reset()}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <ImportColumns />
        <div>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => downloadText('servers.csv', serverCsvTemplate(), 'text/csv')}
          >
            {t('import.template')}
          </Button>
        </div>
        <Upload.Dragger
          accept=".csv,text/csv"
          multiple={false}
          showUploadList={false}
          disabled={importCsv.isPending}
          beforeUpload={(file) => {
            importCsv.mutate(file);
            // The file goes through our own call (headers, envelope), not antd's request.
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">
            {importCsv.isPending ? t('import.uploading') : t('import.drop')}
          </p>
          <p className="ant-upload-hint">{t('import.dropHint')}</p>
        </Upload.Dragger>
        {importCsv.isSuccess ? (
          <Alert
            type="success"
            showIcon
            title={t('import.done', { count: importCsv.data.count })}
            role="status"
          />
        ) : null}
        {problems.length > 0 ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('import.problems', { count: problems.length })}
            description={
              <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                {problems.map((p, i) => (
                  <li key={i}>
                    <Typography.Text>{p}</Typography.Text>
                  </li>
                ))}
              </ul>
            }
          />
        ) : null}
      </Flex>
    </ResponsiveModal>
  );
}
