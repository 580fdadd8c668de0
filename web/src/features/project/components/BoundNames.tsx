import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Dash } from '../../../ui/Dash';

/** Names shown before the rest fold into "+N". */
const SHOWN = 2;

interface BoundNamesProps {
  ids: readonly number[];
  /** The name of an id; an id not found (no longer offered) shows as `#id`. */
  names: ReadonlyMap<number, string>;
}

/** The servers or members bound to a project: a few names, the others in a "+N" tooltip. */
export function BoundNames({ ids, names }: BoundNamesProps) {
  const { t } = useTranslation('project');
  if (ids.length === 0) return <Dash />;
  const all = ids.map((id) => names.get(id) ?? t('table.unknownId', { id }));
  const rest = all.slice(SHOWN);
  return (
    <Flex gap={4} wrap={false} align="center" style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text
        ellipsis={{ tooltip: all.slice(0, SHOWN).join(', ') }}
        style={{ maxWidth: 150 }}
      >
        {all.slice(0, SHOWN).join(', ')}
      </Typography.Text>
      {rest.length > 0 ? (
        <Tooltip title={rest.join(', ')}>
          <Tag
            tabIndex={0}
            aria-label={t('table.more', { names: rest.join(', ') })}
            style={{ marginInlineEnd: 0, cursor: 'default' }}
          >
            +{rest.length}
          </Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}
