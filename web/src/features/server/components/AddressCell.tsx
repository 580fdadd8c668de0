import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverAddress } from '../utils/serverAddress';
import type { ServerRow } from '../utils/ServerRow';
import { MonoText } from '../../../ui/MonoText';

/** Long addresses stop at this width, whole on hover. */
const CLIP = {
  display: 'block',
  maxWidth: 220,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;

/** `owner@ip:port`, and `via owner@jump:port` below when a jump host is set. */
export function AddressCell({ server }: { server: ServerRow }) {
  const { t } = useTranslation('server');
  const { target, jump } = serverAddress(server);
  return (
    <Flex vertical style={{ whiteSpace: 'nowrap' }}>
      <span title={target} style={CLIP}>
        <MonoText>{target}</MonoText>
      </span>
      {jump ? (
        <span title={t('address.via', { jump })} style={CLIP}>
          <MonoText secondary style={{ fontSize: '0.9em' }}>
            {t('address.via', { jump })}
          </MonoText>
        </span>
      ) : null}
    </Flex>
  );
}
