import type { RepositoryEntry } from '@ferry/contract/client';
import { Empty, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyListing, type ListingRoute } from '../hooks/useCopyListing';
import { joinCopyPath } from '../utils/copyPath';
import { CopyCrumbs } from './CopyCrumbs';
import { CopyState } from './CopyState';
import { CopyTable } from './CopyTable';

/**
 * A folder of a project's working copy with its breadcrumbs: a folder opens in place, a file is
 * handed to `onFile` with its path. States for no copy yet and for refused paths.
 */
export function CopyBrowser(props: {
  via: ListingRoute;
  projectId: number;
  dir: string;
  onDir: (dir: string) => void;
  onFile: (entry: RepositoryEntry, path: string) => void;
  actions: (entry: RepositoryEntry, path: string) => ReactNode;
  actionsWidth: number;
}) {
  const { t } = useTranslation('repository');
  const { dir, onDir } = props;
  const listing = useCopyListing(props.via, props.projectId, dir);
  const open = (entry: RepositoryEntry) => {
    const path = joinCopyPath(dir, entry.name);
    if (entry.isDir) onDir(path);
    else props.onFile(entry, path);
  };
  return (
    <Flex vertical gap={8}>
      <CopyCrumbs
        dir={dir}
        loading={listing.isFetching}
        onGo={onDir}
        onRefresh={() => void listing.refetch()}
      />
      {listing.isError ? (
        <CopyState
          error={listing.error}
          path={dir}
          failed={t('state.failed')}
          onRoot={() => onDir('')}
          onRetry={() => void listing.refetch()}
        />
      ) : (
        <CopyTable
          rows={listing.data}
          loading={listing.isPending}
          empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('browser.empty')} />}
          onOpen={open}
          actions={(entry) => props.actions(entry, joinCopyPath(dir, entry.name))}
          actionsWidth={props.actionsWidth}
        />
      )}
    </Flex>
  );
}
