import { PlusOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../auth/Can';
import { TableEmpty } from '../../../ui/TableEmpty';

/** No monitor matches the filters, or there is none yet and here is how to add one. */
export function MonitorEmpty({ filtered, onAdd }: { filtered: boolean; onAdd: () => void }) {
  const { t } = useTranslation('monitor');
  if (filtered) return <TableEmpty text={t('empty.noMatch')} />;
  return (
    <Flex vertical align="center" style={{ paddingBottom: 16 }}>
      <TableEmpty text={t('empty.none')} />
      <Can anyOf={[Perm.AddMonitor]}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {t('action.add')}
        </Button>
      </Can>
    </Flex>
  );
}
