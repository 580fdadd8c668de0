import type { RouteParsed, projectRoutes } from '@ferry/contract';
import type { SecretBox } from '../../core/crypto.js';
import { AppError } from '../../core/errors.js';
import type { NotifyTargets } from '../../infra/notify/notify-target.js';
import type { KeyFiles } from '../../infra/ssh/key-files.js';
import {
  accessFromInput,
  assertOutsideDataDir,
  assertUsableKeyFile,
  sealAccess,
} from './project-credentials.js';
import { assertTransferOption, formColumns } from './project-fields.js';

type Columns = ReturnType<typeof formColumns> &
  ReturnType<typeof sealAccess> & { notify_target: string; notify_secret: string };

/**
 * The columns of a project saved from the add form's fields, with the same rules as
 * `/project/add` (10003's message when one is broken), its secrets sealed. A key file the console
 * may not use is a problem the caller reports: the goploy import keeps such a project.
 */
export function projectColumnsOf(
  input: RouteParsed<typeof projectRoutes.add>,
  deps: { box: SecretBox; targets: NotifyTargets; keyFiles: KeyFiles; dataDir: string },
): { columns: Columns; keyFileProblem?: string } | { refused: string } {
  try {
    assertOutsideDataDir(input.url, deps.dataDir);
    assertTransferOption(input);
    const columns = {
      ...formColumns(input),
      ...sealAccess(accessFromInput(input), deps.box),
      notify_target: deps.targets.column(input.notifyTarget),
      notify_secret: '',
    };
    try {
      assertUsableKeyFile(input, deps.keyFiles);
      return { columns };
    } catch (err) {
      if (err instanceof AppError) return { columns, keyFileProblem: err.message };
      throw err;
    }
  } catch (err) {
    if (err instanceof AppError) return { refused: err.message };
    throw err;
  }
}
