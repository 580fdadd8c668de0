import { useQueryClient } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { session } from '../../../auth/session';
import { TableEmpty } from '../../../ui/TableEmpty';
import { Text } from '../../../ui/Text';
import { AddProjectButton } from '../../project';
import { deployListKey } from '../hooks/useDeployList';

/**
 * No project to show: the filters hide every one, or this namespace has none the user may
 * deploy. Then it offers "Add project" to those who may add one, and points to the namespace
 * menu, where the other namespaces are.
 */
export function DeployEmpty({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation('deploy');
  const queryClient = useQueryClient();
  if (filtered) return <TableEmpty text={t('empty.noMatch')} />;
  return (
    <Flex vertical align="center" gap={8} style={{ paddingBottom: 16 }}>
      <TableEmpty text={t('empty.none')} />
      <AddProjectButton
        label={t('empty.addProject')}
        onClosed={() => void queryClient.invalidateQueries({ queryKey: deployListKey })}
      />
      <Text secondary style={{ textAlign: 'center' }}>
        {t('empty.switchHint', { namespace: session.identity().name })}
      </Text>
    </Flex>
  );
}
