import { CloudUploadOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { useNavigate } from '@tanstack/react-router';
import { Badge, Button, Empty, Flex, Tabs } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { useServerOptions } from '../../../api/options/useServerOptions';
import { usePermission } from '../../../auth/usePermission';
import { ErrorState } from '../../../ui/ErrorState';
import { PageHeader } from '../../../ui/PageHeader';
import { ServerPicker } from '../../../ui/ServerPicker';
import { useServerFromAddress } from '../../../ui/useServerFromAddress';
import { FileTab } from '../components/FileTab';
import { UploadPanel } from '../components/UploadPanel';
import { useSftpAbilities } from '../hooks/useSftpAbilities';
import { useSftpTabs } from '../hooks/useSftpTabs';
import { usePageUploads, useUploadItems } from '../hooks/useUploads';

/**
 * /server/sftp: the files of the namespace's servers, one tab per connection, with uploads that
 * carry on while the user moves between tabs. Closing a tab closes its connection.
 */
export function SftpPage(): ReactElement {
  const { t } = useTranslation(['menu', 'sftp']);
  const servers = useServerOptions();
  const { tabs, activeKey, open, close, activate } = useSftpTabs();
  const can = useSftpAbilities();
  const mayListServers = usePermission([Perm.ShowServerPage]);
  const uploads = usePageUploads();
  const items = useUploadItems(uploads);
  const [panel, setPanel] = useState(false);
  const navigate = useNavigate();
  useServerFromAddress(servers.data, open, {
    to: '/server/sftp',
    unknownText: t('sftp:picker.unknown'),
  });
  const active = items.filter((i) => i.state === 'uploading' || i.state === 'queued').length;

  let content: ReactElement;
  if (servers.isError) {
    content = (
      <ErrorState
        title={t('sftp:serversFailed')}
        detail={errorText(servers.error)}
        onRetry={() => void servers.refetch()}
      />
    );
  } else if (servers.data?.length === 0) {
    content = (
      <Empty
        image={<FolderOpenOutlined style={{ fontSize: 48, opacity: 0.45 }} />}
        description={t('sftp:noServers')}
        style={{ padding: '48px 0' }}
      >
        {mayListServers ? (
          <Button onClick={() => void navigate({ to: '/server/index' })}>
            {t('sftp:toServers')}
          </Button>
        ) : null}
      </Empty>
    );
  } else if (tabs.length === 0) {
    content = (
      <Empty
        image={<FolderOpenOutlined style={{ fontSize: 48, opacity: 0.45 }} />}
        description={t('sftp:empty')}
        style={{ padding: '48px 0' }}
      />
    );
  } else {
    content = (
      <Tabs
        type="editable-card"
        hideAdd
        activeKey={activeKey}
        onChange={activate}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.key,
          label: tab.title,
          children: <FileTab server={tab.server} uploads={uploads} can={can} />,
        }))}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t('menu:sftp')}
        subtitle={t('sftp:subtitle')}
        extra={
          can.upload ? (
            <Badge count={active} size="small">
              <Button icon={<CloudUploadOutlined />} onClick={() => setPanel(true)}>
                {t('sftp:upload.title')}
              </Button>
            </Badge>
          ) : null
        }
      />
      <Flex style={{ marginBottom: 16 }}>
        <ServerPicker
          servers={servers.data ?? []}
          loading={servers.isPending}
          onOpen={open}
          icon={<FolderOpenOutlined />}
          texts={{
            label: t('sftp:picker.label'),
            placeholder: t('sftp:picker.placeholder'),
            none: t('sftp:picker.none'),
            open: t('sftp:picker.open'),
          }}
        />
      </Flex>
      {content}
      <UploadPanel open={panel} uploads={uploads} onClose={() => setPanel(false)} />
    </>
  );
}
