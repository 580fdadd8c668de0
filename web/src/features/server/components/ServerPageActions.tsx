import {
  CloudDownloadOutlined,
  KeyOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../auth/Can';

interface ServerPageActionsProps {
  onAdd: () => void;
  onImport: () => void;
  onPublicKey: () => void;
  onInstallAgent: () => void;
}

/** The page's buttons, each for those who may use it. */
export function ServerPageActions({
  onAdd,
  onImport,
  onPublicKey,
  onInstallAgent,
}: ServerPageActionsProps) {
  const { t } = useTranslation('server');
  return (
    <>
      <Can anyOf={[Perm.AddServer, Perm.EditServer]}>
        <Button icon={<KeyOutlined />} onClick={onPublicKey}>
          {t('action.publicKey')}
        </Button>
      </Can>
      <Can anyOf={[Perm.InstallAgent]}>
        <Button icon={<CloudDownloadOutlined />} onClick={onInstallAgent}>
          {t('action.installAgent')}
        </Button>
      </Can>
      <Can anyOf={[Perm.ImportCSV]}>
        <Button icon={<UploadOutlined />} onClick={onImport}>
          {t('action.import')}
        </Button>
      </Can>
      <Can anyOf={[Perm.AddServer]}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {t('action.add')}
        </Button>
      </Can>
    </>
  );
}
