import { Code, NginxReason } from '@ferry/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { useFeedback } from '../../../ui/useFeedback';
import type { LineMark } from '../components/NginxEditor';
import { fileKey, type ConfigFile } from '../utils/configTree';
import type { NginxResult } from '../utils/NginxResult';
import { failureLine, readTestFailure } from '../utils/testFailure';
import { nginxFilesKey } from './nginxKeys';
import { useEditConfig } from './useNginxActions';

/**
 * Saves the open file: the server keeps it only when `nginx -t` passes. A refusal shows nginx's
 * message and marks the line it names in this file; a file changed on the server since it was
 * read is reported (`changed`) for the user to reload or overwrite.
 */
export function useSaveConfig(
  serverId: number,
  file: ConfigFile,
  onResult: (result: NginxResult | undefined) => void,
) {
  const { t } = useTranslation('nginx');
  const { message } = useFeedback();
  const client = useQueryClient();
  const edit = useEditConfig(serverId);
  const [mark, setMark] = useState<LineMark>();
  const [changed, setChanged] = useState(false);

  const save = (content: string, hash: string | undefined, onSaved: () => void) => {
    edit.mutate(
      { dir: file.dir, filename: file.name, content, ...(hash ? { hash } : {}) },
      {
        onSuccess: () => {
          setMark(undefined);
          setChanged(false);
          onResult(undefined);
          // The saved text is the file's now; its hash arrives with the list's refresh.
          client.setQueryData([...nginxFilesKey(serverId), 'content', file.dir, file.name], {
            content,
            hash: '',
          });
          onSaved();
          void message.success(t('save.saved'));
        },
        onError: (e) => {
          if (!(e instanceof ApiError)) return;
          if (e.reason === NginxReason.testFailed) {
            const failure = readTestFailure(e.data);
            onResult({ ok: false, title: t('save.refused'), ...failure });
            const line = failureLine(failure, fileKey(file));
            setMark(line ? { line } : undefined);
          } else if (e.reason === NginxReason.fileChanged) {
            setChanged(true);
          } else if (e.code === Code.illegalParam) {
            onResult({ ok: false, title: t('save.failed'), output: errorText(e) });
          }
        },
      },
    );
  };

  return { save, saving: edit.isPending, mark, changed, clearChanged: () => setChanged(false) };
}
