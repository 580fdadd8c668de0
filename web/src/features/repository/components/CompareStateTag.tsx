import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileCompareState } from '../utils/CompareRow';
import { compareLook } from '../utils/compareState';

/** A server's outcome of a file compare in the user's words and a colour. */
export function CompareStateTag({ status }: { status: FileCompareState }) {
  const { t } = useTranslation('repository');
  const look = compareLook(status);
  return (
    <Tag color={look.color} variant="filled" style={{ marginInlineEnd: 0 }}>
      {t(`state_tag.${look.label}`)}
    </Tag>
  );
}
