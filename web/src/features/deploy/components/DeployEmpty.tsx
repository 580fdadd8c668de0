import { useTranslation } from 'react-i18next';
import { TableEmpty } from '../../../ui/TableEmpty';

/** No project to show: none may be deployed by this user, or the filters hide every one. */
export function DeployEmpty({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation('deploy');
  return <TableEmpty text={filtered ? t('empty.noMatch') : t('empty.none')} />;
}
