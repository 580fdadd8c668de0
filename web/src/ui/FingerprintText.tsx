import { Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './CopyButton';
import { MonoText } from './MonoText';

/** Enough of a `SHA256:…` fingerprint to tell keys apart at a glance. */
const SHOWN = 19;

/** A host-key fingerprint: shortened, whole in a tooltip, with a copy button. */
export function FingerprintText({ fingerprint }: { fingerprint: string }) {
  const { t } = useTranslation();
  const short = fingerprint.length > SHOWN + 1 ? `${fingerprint.slice(0, SHOWN)}…` : fingerprint;
  return (
    <Flex align="center" gap={2} wrap={false}>
      <Tooltip title={<span style={{ wordBreak: 'break-all' }}>{fingerprint}</span>}>
        <span tabIndex={0} aria-label={fingerprint}>
          <MonoText>{short}</MonoText>
        </span>
      </Tooltip>
      <CopyButton text={fingerprint} label={t('fingerprint.copy')} />
    </Flex>
  );
}
