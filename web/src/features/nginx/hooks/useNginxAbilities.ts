import { Perm } from '@ferry/contract/client';
import { useMemo } from 'react';
import { hasPermission } from '../../../auth/hasPermission';
import { useUserInfo } from '../../../auth/useUserInfo';

/** What the user's permissions allow on the nginx page. */
export interface NginxAbilities {
  /** check, reload, start, stop and the binary path (ManageServerNginx). */
  manage: boolean;
  /** new and copy (AddNginxConfig). */
  add: boolean;
  /** save, rename, enable/disable, restore (EditNginxConfig). */
  edit: boolean;
  /** delete (DeleteNginxConfig). */
  remove: boolean;
}

export function useNginxAbilities(): NginxAbilities {
  const held = useUserInfo()?.namespace.permissionIds;
  return useMemo(() => {
    // SECURITY: buttons only; every route checks its permission on the server.
    const may = (id: number) => hasPermission(held, [id]);
    return {
      manage: may(Perm.ManageServerNginx),
      add: may(Perm.AddNginxConfig),
      edit: may(Perm.EditNginxConfig),
      remove: may(Perm.DeleteNginxConfig),
    };
  }, [held]);
}
