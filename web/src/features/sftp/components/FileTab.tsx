import { Flex, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../../ui/lazyDialog';
import { TableEmpty } from '../../../ui/TableEmpty';
import { useDialog } from '../../../ui/useDialog';
import { useFeedback } from '../../../ui/useFeedback';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { SftpEntry } from '@ferry/contract/client';
import { useDirectory } from '../hooks/useDirectory';
import { useFillHeight } from '../hooks/useFillHeight';
import { useFileOperations } from '../hooks/useFileOperations';
import { useRefreshAfterUploads } from '../hooks/useRefreshAfterUploads';
import { useTransfer } from '../hooks/useTransfer';
import { useUploadPickers } from '../hooks/useUploadPickers';
import { useUploadStarter } from '../hooks/useUploadStarter';
import type { PageUploads } from '../hooks/useUploads';
import {
  actionsFor,
  defaultAction,
  type FileAction,
  type SftpAbilities,
} from '../utils/fileActions';
import { canGoBack, canGoForward } from '../utils/pathHistory';
import { joinPath } from '../utils/remotePath';
import { DEFAULT_SORT, filterEntries, sortEntries, type EntrySort } from '../utils/sortEntries';
import type { TransferProgress } from '../utils/transferProgress';
import { actionMenuItems, type DirectoryAction } from './actionMenu';
import { ConnectionPanel } from './ConnectionPanel';
import { ContextMenu, type ContextMenuState } from './ContextMenu';
import { DirectoryError } from './DirectoryError';
import { DropZone } from './DropZone';
import { EntryNameDialog, type NameRequest } from './EntryNameDialog';
import type { EditorTarget } from './EditorModal';
import { FileList } from './FileList';
import { FileTable } from './FileTable';
import { FileToolbar } from './FileToolbar';
import { PathBar } from './PathBar';
import { StatusLine } from './StatusLine';
import type { PreviewTarget } from './PreviewDrawer';
import type { TransferSource } from './TransferDialog';

const PreviewDrawer = lazyDialog(() => import('./PreviewDrawer').then((m) => m.PreviewDrawer));
const EditorModal = lazyDialog(() => import('./EditorModal').then((m) => m.EditorModal));
const TransferDialog = lazyDialog(() => import('./TransferDialog').then((m) => m.TransferDialog));

const NONE: ReadonlySet<string> = new Set();
/** Below the rows: the status line, the gaps and the layout's padding (smaller on phones). */
const RESERVE_DESKTOP = 64;
const RESERVE_PHONE = 52;
const MIN_HEIGHT = 280;
/** The table's header, above the rows it scrolls. */
const TABLE_HEADER = 40;

interface FileTabProps {
  server: { id: number; name: string };
  uploads: PageUploads;
  can: SftpAbilities;
}

/**
 * One server's files: its own socket, the path bar, the toolbar and menus (only the actions the
 * user may use), the directory as a table (a list on phones) taking dropped files and folders,
 * and the dialogs to preview, edit, name and transfer.
 */
export function FileTab({ server, uploads, can }: FileTabProps) {
  const { t } = useTranslation('sftp');
  const { notification } = useFeedback();
  const mobile = useIsMobile();
  const directory = useDirectory(server.id);
  const { connection, listing, history } = directory;
  /** The directory shown, once the console answered for it; what operations work in. */
  const dir = listing.path;
  /** What the path bar shows: the directory on its way already (home is named by its answer). */
  const barPath = listing.path ?? (listing.requested || undefined);
  const open = connection.state === 'open';
  const [sort, setSort] = useState<EntrySort>(DEFAULT_SORT);
  // The filter and the selection belong to the directory they were made in.
  const [filterOf, setFilterOf] = useState<{ path?: string; text: string }>({ text: '' });
  const filter = filterOf.path === dir ? filterOf.text : '';
  const [selectionOf, setSelectionOf] = useState<{ path?: string; names: ReadonlySet<string> }>({
    names: NONE,
  });
  const selected = selectionOf.path === dir ? selectionOf.names : NONE;
  const select = (names: ReadonlySet<string>) => setSelectionOf({ path: dir, names });

  const rows = useMemo(
    () => sortEntries(filterEntries(listing.entries, filter), sort),
    [listing.entries, filter, sort],
  );
  const names = useMemo(() => new Set(listing.entries.map((e) => e.name)), [listing.entries]);
  const picked = rows.filter((e) => selected.has(e.name));

  const ops = useFileOperations(server.id, dir, directory.refresh);
  const nameDialog = useDialog<NameRequest>();
  const preview = useDialog<PreviewTarget>();
  const editor = useDialog<EditorTarget>();
  const transferDialog = useDialog<TransferSource>();
  const transferShown = useRef(false);
  useEffect(() => {
    transferShown.current = transferDialog.open;
  });
  const transfer = useTransfer(server.id, (done: readonly TransferProgress[]) => {
    if (transferShown.current) return;
    const all = done.flatMap((x) => x.destinations);
    const ok = all.filter((d) => d.state === 'done').length;
    notification[ok === all.length ? 'success' : 'warning']({
      title: t('transfer.summary', { done: ok, total: all.length }),
      description: t('transfer.from', { server: server.name }),
      placement: 'bottomRight',
    });
  });
  const [menu, setMenu] = useState<ContextMenuState>();
  const root = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const height = useFillHeight(body, root, mobile ? RESERVE_PHONE : RESERVE_DESKTOP, MIN_HEIGHT);

  useRefreshAfterUploads(uploads, server.id, dir, directory.refresh);
  const uploader = useUploadStarter(uploads, server, dir, names);
  const pickers = useUploadPickers(uploader.pick);

  const directoryActions: DirectoryAction[] = can.upload
    ? ['uploadFiles', 'uploadFolder', 'newFolder']
    : [];
  const at = (entry: SftpEntry) => joinPath(dir ?? '/', entry.name);

  const run = (action: FileAction | DirectoryAction, targets: readonly SftpEntry[]) => {
    const one = targets[0];
    switch (action) {
      case 'open':
        if (one) directory.go(at(one));
        return;
      case 'preview':
        if (one) preview.show({ serverId: server.id, file: at(one), entry: one });
        return;
      case 'edit':
        if (one) editor.show({ serverId: server.id, file: at(one), entry: one });
        return;
      case 'download':
        ops.download(targets);
        return;
      case 'rename':
      case 'copy':
        if (one) nameDialog.show({ kind: action, entry: one });
        return;
      case 'transfer':
        // One transfer at a time per tab: while one runs, its progress is what opens.
        if (transfer.running) {
          transferDialog.show(transferDialog.value);
          return;
        }
        transfer.reset();
        transferDialog.show({
          serverId: server.id,
          serverName: server.name,
          dir: dir ?? '/',
          entries: targets.map((e) => ({ name: e.name, path: at(e), isDir: e.isDir })),
        });
        return;
      case 'delete':
        ops.remove(targets);
        return;
      case 'newFolder':
        nameDialog.show({ kind: 'mkdir' });
        return;
      case 'uploadFiles':
        pickers.pickFiles();
        return;
      case 'uploadFolder':
        pickers.pickFolder();
        return;
      case 'refresh':
        directory.refresh();
        return;
    }
  };

  const openEntry = (entry: SftpEntry) => {
    const action = defaultAction(entry, can);
    if (action) run(action, [entry]);
  };

  /** The menu of an entry: it applies to the selection when the entry is in it, else to it. */
  const entryMenu = (entry: SftpEntry, point: { x: number; y: number }) => {
    const targets = selected.has(entry.name) ? picked : [entry];
    if (!selected.has(entry.name)) select(new Set([entry.name]));
    const actions = actionsFor(targets, can);
    if (actions.length === 0) return;
    setMenu({
      ...point,
      items: actionMenuItems(t, actions, targets.length),
      onPick: (key) => run(key as FileAction, targets),
    });
  };

  /** A right click beside the rows: the directory's own menu. */
  const directoryMenu = (e: MouseEvent) => {
    if (e.defaultPrevented || !open || dir === undefined) return;
    e.preventDefault();
    const actions: DirectoryAction[] = [...directoryActions, 'refresh'];
    setMenu({
      x: e.clientX,
      y: e.clientY,
      items: actionMenuItems(t, actions, 1),
      onPick: (key) => run(key as DirectoryAction, []),
    });
  };

  const removeOne = (entry: SftpEntry) => {
    if (!can.remove) return;
    ops.remove(selected.has(entry.name) ? picked : [entry]);
  };

  const empty = !listing.answered ? (
    <Flex justify="center" align="center" style={{ padding: 48 }} role="status">
      <Spin description={t('directory.reading')} />
    </Flex>
  ) : listing.entries.length === 0 ? (
    <TableEmpty text={can.upload ? t('directory.emptyDrop') : t('directory.empty')} />
  ) : (
    <TableEmpty text={t('directory.noMatch', { filter })} />
  );

  const viewProps = {
    rows,
    selected,
    onSelect: select,
    sort,
    onSort: setSort,
    empty,
    onOpen: openEntry,
    onDelete: removeOne,
    onMenu: entryMenu,
  };

  // The dialogs stay when the connection drops: an edit in progress is not lost with it.
  const browser =
    connection.state !== 'open' ? (
      <ConnectionPanel
        connection={connection}
        server={server.name}
        onReconnect={directory.reconnect}
      />
    ) : (
      <>
        <PathBar
          path={barPath}
          canBack={canGoBack(history)}
          canForward={canGoForward(history)}
          loading={listing.status === 'loading' && listing.answered}
          disabled={listing.requestId === 0}
          onGo={directory.go}
          onBack={directory.back}
          onForward={directory.forward}
          onUp={directory.up}
          onRefresh={directory.refresh}
        />
        <FileToolbar
          directoryActions={dir === undefined ? [] : directoryActions}
          selectionActions={actionsFor(picked, can).filter((a) => a !== 'open')}
          selectedCount={picked.length}
          disabled={dir === undefined || listing.status === 'error'}
          onAction={(action) => run(action, picked)}
          filter={filter}
          onFilter={(text) => setFilterOf({ path: dir, text })}
        />
        <DropZone
          enabled={can.upload && dir !== undefined && listing.status !== 'error'}
          hint={t('upload.dropHint', { dir: dir ?? '' })}
          onDrop={uploader.drop}
        >
          <div ref={body} onContextMenu={directoryMenu} style={{ height }}>
            {listing.status === 'error' && listing.error ? (
              <DirectoryError
                error={listing.error}
                onRetry={directory.refresh}
                onUp={directory.up}
                onHome={() => directory.go('')}
              />
            ) : mobile ? (
              <FileList {...viewProps} height={Math.max(120, height - 48)} />
            ) : (
              <FileTable {...viewProps} height={Math.max(120, height - TABLE_HEADER)} />
            )}
          </div>
        </DropZone>
        <StatusLine
          total={listing.entries.length}
          shown={rows.length}
          picked={picked.length}
          reading={listing.status === 'loading'}
        />
      </>
    );

  return (
    <Flex vertical gap={12} ref={root}>
      {browser}
      {pickers.inputs}
      <ContextMenu menu={menu} onClose={() => setMenu(undefined)} />
      <EntryNameDialog
        open={nameDialog.open}
        request={nameDialog.value}
        names={names}
        ops={ops}
        onClose={nameDialog.close}
      />
      <PreviewDrawer
        open={preview.open}
        target={preview.value}
        can={can}
        onClose={preview.close}
        onEdit={(entry) => {
          preview.close();
          run('edit', [entry]);
        }}
        onDownload={(entry) => ops.download([entry])}
      />
      <EditorModal
        open={editor.open}
        target={editor.value}
        onClose={editor.close}
        onSaved={directory.refresh}
        onDownload={can.download ? (entry) => ops.download([entry]) : undefined}
      />
      <TransferDialog
        open={transferDialog.open}
        source={transferDialog.value}
        transfer={transfer}
        onClose={transferDialog.close}
      />
    </Flex>
  );
}
