import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { ErrorState } from '../../../ui/ErrorState';
import { TableEmpty } from '../../../ui/TableEmpty';
import type { CommitInfo } from '../utils/DeployRow';
import { CommitItem } from './CommitItem';

interface CommitListProps {
  query: {
    data?: CommitInfo[];
    isPending: boolean;
    isFetching: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  emptyText: string;
  deployLabel: string;
  /** The commit the servers run, badged in the list. */
  deployedCommit?: string;
  onDeploy: (commit: CommitInfo) => void;
}

/** The commits (or tags) a picker offers, or why there are none. */
export function CommitList({
  query,
  emptyText,
  deployLabel,
  deployedCommit,
  onDeploy,
}: CommitListProps) {
  const { t } = useTranslation('deploy');
  if (query.isError) {
    return (
      <ErrorState
        title={t('picker.loadFailed')}
        detail={errorText(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.isPending || (query.isFetching && !query.data?.length)) {
    return (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin description={t('picker.loading')} />
      </Flex>
    );
  }
  if (!query.data?.length) return <TableEmpty text={emptyText} />;
  return (
    <ul style={{ margin: 0, padding: 0 }}>
      {query.data.map((c) => (
        <CommitItem
          key={`${c.commit}-${c.tag}`}
          commit={c}
          deployLabel={deployLabel}
          deployed={
            deployedCommit !== undefined && deployedCommit !== '' && c.commit === deployedCommit
          }
          onDeploy={onDeploy}
        />
      ))}
    </ul>
  );
}
