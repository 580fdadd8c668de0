import { PlusOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../auth/Can';
import { useUserInfo } from '../../../auth/useUserInfo';
import { ListPage } from '../../../ui/ListPage';
import { DEFAULT_PAGE_SIZE } from '../../../ui/pageSizes';
import { TableToolbar } from '../../../ui/TableToolbar';
import type { PageState } from '../../../ui/useBrowserPagination';
import { MemberFormModal } from '../components/MemberFormModal';
import { MemberStateSelect } from '../components/MemberStateSelect';
import { MemberTable } from '../components/MemberTable';
import { useConfirmDisable } from '../hooks/useConfirmDisable';
import { useConfirmEnable } from '../hooks/useConfirmEnable';
import { useConfirmEndSessions } from '../hooks/useConfirmEndSessions';
import { useMembers } from '../hooks/useMembers';
import { filterMembers } from '../utils/filterMembers';
import type { MemberRow } from '../utils/MemberRow';
import type { MemberState } from '../utils/MemberState';

interface Dialog {
  open: boolean;
  member?: MemberRow;
}

/**
 * /member/index: the enabled members (or the disabled ones, or all), searched and paged in the
 * browser; add, edit, disable and enable again, sign out everywhere.
 */
export function MemberPage(): ReactElement {
  const { t } = useTranslation(['menu', 'member']);
  const [state, setState] = useState<MemberState>('enabled');
  const members = useMembers(state);
  const user = useUserInfo()?.userInfo;
  const confirmDisable = useConfirmDisable();
  const confirmEnable = useConfirmEnable();
  const confirmEndSessions = useConfirmEndSessions();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState<PageState>({ current: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [dialog, setDialog] = useState<Dialog>({ open: false });
  const shown = useMemo(() => filterMembers(members.data ?? [], query), [members.data, query]);

  return (
    <>
      <ListPage
        title={t('menu:member')}
        subtitle={t('member:subtitle')}
        extra={
          <Can anyOf={[Perm.AddMember]}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ open: true })}
            >
              {t('member:action.add')}
            </Button>
          </Can>
        }
        filters={
          <TableToolbar
            searches={[
              {
                key: 'query',
                value: query,
                onChange: (text) => {
                  setQuery(text);
                  setPage((p) => ({ ...p, current: 1 }));
                },
                label: t('member:search.label'),
                placeholder: t('member:search.placeholder'),
              },
            ]}
          >
            <MemberStateSelect
              value={state}
              onChange={(next) => {
                setState(next);
                setPage((p) => ({ ...p, current: 1 }));
              }}
            />
          </TableToolbar>
        }
        filtered={query.trim() !== '' || state !== 'enabled'}
        reloading={members.isFetching}
        onReload={() => void members.refetch()}
        error={
          members.isError
            ? {
                title: t('member:loadFailed'),
                error: members.error,
                onRetry: () => void members.refetch(),
              }
            : undefined
        }
      >
        <MemberTable
          members={shown}
          loading={members.isPending}
          query={query}
          state={state}
          actor={{ id: user?.id ?? 0, superManager: user?.superManager ?? 0 }}
          page={page}
          onPageChange={setPage}
          onEdit={(member) => setDialog({ open: true, member })}
          onDisable={confirmDisable}
          onEnable={confirmEnable}
          onEndSessions={confirmEndSessions}
        />
      </ListPage>
      <MemberFormModal
        open={dialog.open}
        member={dialog.member}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </>
  );
}
