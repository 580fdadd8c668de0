import { PlusOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../auth/Can';
import { TableEmpty } from '../../../ui/TableEmpty';

interface ProjectEmptyProps {
  /** Whether filters hide every project (rather than there being none). */
  filtered: boolean;
  onAdd: () => void;
}

/** An empty table: no project matches the filters, or there is none yet and here is how to add one. */
export function ProjectEmpty({ filtered, onAdd }: ProjectEmptyProps) {
  const { t } = useTranslation('project');
  if (filtered) return <TableEmpty text={t('empty.noMatch')} />;
  return (
    <Flex vertical align="center" style={{ paddingBottom: 16 }}>
      <TableEmpty text={t('empty.none')} />
      <Can anyOf={[Perm.AddProject]}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {t('action.add')}
        </Button>
      </Can>
    </Flex>
  );
}
