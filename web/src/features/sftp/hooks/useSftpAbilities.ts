import { Perm } from '@ferry/contract/client';
import { useMemo } from 'react';
import { hasPermission } from '../../../auth/hasPermission';
import { useUserInfo } from '../../../auth/useUserInfo';
import type { SftpAbilities } from '../utils/fileActions';

/** What the user's permissions allow on the file manager page. */
export function useSftpAbilities(): SftpAbilities {
  const held = useUserInfo()?.namespace.permissionIds;
  return useMemo(() => {
    const may = (id: number) => hasPermission(held, [id]);
    return {
      upload: may(Perm.SFTPUploadFile),
      preview: may(Perm.SFTPPreviewFile),
      download: may(Perm.SFTPDownloadFile),
      edit: may(Perm.SFTPEditFile),
      transfer: may(Perm.SFTPTransferFile),
      remove: may(Perm.SFTPDeleteFile),
    };
  }, [held]);
}
