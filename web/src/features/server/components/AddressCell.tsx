import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverAddress } from '../utils/serverAddress';
import type { ServerRow } from '../utils/ServerRow';
import { MonoText } from '../../../ui/MonoText';

/** `owner@ip:port`, and `via owner@jump:port` below when a jump host is set. */
export function AddressCell({ server }: { server: ServerRow }) {
  const { t } = useTranslation('server');
  const { target, jump } = serverAddress(server);
  return (
    <Flex vertical style={{ whiteSpace: 'nowrap' }}>
      <MonoText>{target}</MonoText>
      {jump ? (
        <MonoText secondary style={{ fontSize: '0.9em' }}>
          {t('address.via', { jump })}
        </MonoText>
      ) : null}
    </Flex>
  );
}
