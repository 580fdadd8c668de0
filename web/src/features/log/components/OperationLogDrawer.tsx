import { Descriptions, Drawer, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { OperationLogRow } from '../utils/rows';
import { Duration } from './Duration';
import { JsonBlock } from './JsonBlock';
import { ResponseCodeTag } from './ResponseCodeTag';

interface OperationLogDrawerProps {
  open: boolean;
  log: OperationLogRow | undefined;
  onClose: () => void;
}

/** One recorded change: who, where, when, and the request and response as stored. */
export function OperationLogDrawer({ open, log, onClose }: OperationLogDrawerProps) {
  const { t } = useTranslation('log');
  const mobile = useIsMobile();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={mobile ? '100%' : 720}
      title={log ? t('operationLog.detailsTitle', { api: log.api, time: log.requestTime }) : ''}
      destroyOnHidden
    >
      {log ? (
        <Flex vertical gap={24}>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: 'username',
                label: t('operationLog.column.username'),
                children: log.username || '—',
              },
              {
                key: 'router',
                label: t('operationLog.column.router'),
                children: log.router || '—',
              },
              { key: 'api', label: t('operationLog.column.api'), children: log.api },
              {
                key: 'code',
                label: t('operationLog.column.code'),
                children: <ResponseCodeTag responseData={log.responseData} />,
              },
              {
                key: 'requestTime',
                label: t('operationLog.column.requestTime'),
                children: log.requestTime,
              },
              {
                key: 'responseTime',
                label: t('operationLog.column.responseTime'),
                children: log.responseTime,
              },
              {
                key: 'duration',
                label: t('operationLog.column.duration'),
                children: <Duration from={log.requestTime} to={log.responseTime} />,
              },
            ]}
          />
          <JsonBlock
            title={t('operationLog.request')}
            data={log.requestData}
            copyLabel={t('operationLog.copyRequest')}
          />
          <JsonBlock
            title={t('operationLog.response')}
            data={log.responseData}
            copyLabel={t('operationLog.copyResponse')}
          />
        </Flex>
      ) : null}
    </Drawer>
  );
}
