import { App, Flex, Spin, theme, Typography } from 'antd';
import i18next, { type TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../../ui/lazyDialog';
import { TableEmpty } from '../../../ui/TableEmpty';
import { useDialog } from '../../../ui/useDialog';
import { useIsMobile } from '../../../ui/useIsMobile';
import type { SftpEntry } from '../api/sftpContract';
import { useDirectory } from '../hooks/useDirectory';
import { useFillHeight } from '../hooks/useFillHeight';
import { useFileOperations } from '../hooks/useFileOperations';
import { useTransfer } from '../hooks/useTransfer';
import type { PageUploads } from '../hooks/useUploads';
import type { UploadItem } from '../utils/uploadEngine';
import {
  actionsFor,
  defaultAction,
  type FileAction,
  type SftpAbilities,
} from '../utils/fileActions';
import { copyName } from '../utils/fileName';
import { canGoBack, canGoForward } from '../utils/pathHistory';
import { isWithin, joinPath } from '../utils/remotePath';
import { DEFAULT_SORT, filterEntries, sortEntries, type EntrySort } from '../utils/sortEntries';
import type { TransferProgress } from '../utils/transferProgress';
import { uploadRequests } from '../utils/uploadRequests';
import { pickedFiles, walkEntries, type EntryLike, type LocalFile } from '../utils/walkDrop';
import { actionMenuItems, type DirectoryAction } from './actionMenu';
import { ConnectionPanel } from './ConnectionPanel';
import { ContextMenu, type ContextMenuState } from './ContextMenu';
import { DirectoryError } from './DirectoryError';
import { DropZone } from './DropZone';
import type { EditorTarget } from './EditorModal';
import { FileList } from './FileList';
import { FileTable } from './FileTable';
import { FileToolbar } from './FileToolbar';
import { NameDialog } from './NameDialog';
import { PathBar } from './PathBar';
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

/** What the name dialog is asked for. */
type NameRequest = { kind: 'mkdir' } | { kind: 'rename' | 'copy'; entry: SftpEntry };

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
  const { t: tCommon } = useTranslation('common');
  const { message, modal, notification } = App.useApp();
  const { token } = theme.useToken();
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
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const height = useFillHeight(body, root, mobile ? RESERVE_PHONE : RESERVE_DESKTOP, MIN_HEIGHT);

  useRefreshAfterUploads(uploads, server.id, dir, directory.refresh);

  const directoryActions: DirectoryAction[] = can.upload
    ? ['uploadFiles', 'uploadFolder', 'newFolder']
    : [];
  const at = (entry: SftpEntry) => joinPath(dir ?? '/', entry.name);

  const startUploads = (files: readonly LocalFile[], unreadable: readonly string[] = []) => {
    if (dir === undefined) return;
    const { requests, refused } = uploadRequests(files, dir, server);
    const queue = () => {
      uploads.engine.add(requests);
      void message.success(t('upload.queued', { count: requests.length, dir }));
    };
    // A file of the same name is replaced by the upload: say which, and ask first.
    const replaced = requests.filter((r) => !r.name.includes('/') && names.has(r.name));
    if (replaced.length > 0) {
      modal.confirm({
        title: t('upload.replaceTitle', { count: replaced.length }),
        content: t('upload.replaceContent', {
          names:
            replaced
              .slice(0, 5)
              .map((r) => r.name)
              .join(', ') + (replaced.length > 5 ? ', …' : ''),
          count: replaced.length,
        }),
        okText: t('upload.replace'),
        okButtonProps: { danger: true },
        cancelText: tCommon('action.cancel'),
        onOk: queue,
      });
    } else if (requests.length > 0) {
      queue();
    } else if (unreadable.length === 0 && refused.length === 0) {
      void message.info(t('upload.nothing'));
    }
    const skipped = [...unreadable, ...refused];
    if (skipped.length > 0) {
      void message.warning(
        t('upload.skipped', { count: skipped.length, names: skipped.slice(0, 5).join(', ') }),
      );
    }
  };

  const onDrop = ({ entries, plainFiles }: { entries: EntryLike[]; plainFiles: File[] }) => {
    void walkEntries(entries).then(({ files, skipped }) =>
      startUploads([...files, ...pickedFiles(plainFiles)], skipped),
    );
  };

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
        if (!transfer.running) transfer.reset();
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
        filesInput.current?.click();
        return;
      case 'uploadFolder':
        folderInput.current?.click();
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

  const request = nameDialog.value;
  const nameProps =
    request?.kind === 'rename'
      ? {
          title: t('name.renameTitle', { name: request.entry.name }),
          label: t('name.newName'),
          okText: t('action.rename'),
          initial: request.entry.name,
          onSubmit: (name: string) => ops.rename(request.entry, name),
        }
      : request?.kind === 'copy'
        ? {
            title: t('name.copyTitle', { name: request.entry.name }),
            label: t('name.copyName'),
            okText: t('action.copy'),
            initial: copyName(request.entry.name, names, request.entry.isDir),
            onSubmit: (name: string) => ops.copy(request.entry, name),
          }
        : {
            title: t('name.mkdirTitle'),
            label: t('name.folderName'),
            okText: t('name.create'),
            initial: '',
            onSubmit: (name: string) => ops.makeDirectory(name),
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
          onDrop={onDrop}
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
        <Typography.Text type="secondary" role="status" style={{ fontSize: token.fontSizeSM }}>
          {statusLine(t, listing.entries.length, rows.length, picked.length, listing.status)}
        </Typography.Text>
      </>
    );

  return (
    <Flex vertical gap={12} ref={root}>
      {browser}
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        aria-label={t('upload.filesInput')}
        onChange={(e) => {
          if (e.target.files) startUploads(pickedFiles(e.target.files));
          e.target.value = '';
        }}
      />
      <input
        ref={(el) => {
          folderInput.current = el;
          if (el) el.webkitdirectory = true;
        }}
        type="file"
        hidden
        aria-label={t('upload.folderInput')}
        onChange={(e) => {
          if (e.target.files) startUploads(pickedFiles(e.target.files));
          e.target.value = '';
        }}
      />

      <ContextMenu menu={menu} onClose={() => setMenu(undefined)} />
      <NameDialog open={nameDialog.open} taken={names} onClose={nameDialog.close} {...nameProps} />
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

/** The words under the table: how many entries, shown, picked, and whether more are coming. */
function statusLine(
  t: TFunction<'sftp'>,
  total: number,
  shown: number,
  picked: number,
  status: string,
): string {
  // Thousands grouped as the reader's language writes them (10,000 in English).
  const n = (count: number) => ({ count, n: count.toLocaleString(i18next.language) });
  const parts = [
    status === 'loading' ? t('status.reading', n(total)) : t('status.items', n(total)),
  ];
  if (shown !== total) parts.push(t('status.shown', n(shown)));
  if (picked > 0) parts.push(t('status.selected', n(picked)));
  return parts.join(' · ');
}

/**
 * Lists the directory shown again once the uploads into it (or below it) are over, so new files
 * and folders appear without a click; once per batch, not once per file.
 */
function useRefreshAfterUploads(
  uploads: PageUploads,
  serverId: number,
  dir: string | undefined,
  refresh: () => void,
) {
  const latest = useRef({ dir, refresh });
  useEffect(() => {
    latest.current = { dir, refresh };
  });
  useEffect(() => {
    const { engine } = uploads;
    // Uploads finished before this tab looked are not its news.
    const counted = new Set(engine.snapshot().flatMap((i) => (i.state === 'done' ? [i.id] : [])));
    let landed = false;
    const check = () => {
      const here = latest.current.dir;
      const items = engine.snapshot();
      const under = (i: UploadItem) =>
        i.serverId === serverId && here !== undefined && isWithin(i.file, here);
      for (const i of items) {
        if (i.state !== 'done' || counted.has(i.id)) continue;
        counted.add(i.id);
        if (under(i)) landed = true;
      }
      // A batch may end with a failure or a cancel rather than a finished file.
      const busy = items.some((i) => under(i) && (i.state === 'queued' || i.state === 'uploading'));
      if (!landed || busy) return;
      landed = false;
      latest.current.refresh();
    };
    return engine.subscribe(check);
  }, [uploads, serverId]);
}
