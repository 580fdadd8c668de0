import { Code, serverRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '../../../api/call';
import { serversKey } from './useServers';

/**
 * POST /server/import with the CSV as the multipart field `file`. The server checks every row
 * first; problems come back as one 10003 listing them, shown by the dialog.
 */
export function useImportServers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return upload(serverRoutes.importCsv, form, { silent: [Code.illegalParam] });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serversKey }),
  });
}
