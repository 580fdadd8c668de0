import type { RouteParsed, serverRoutes } from '@ferry/contract';
import type { SecretBox } from '../../core/crypto.js';
import type { KeyFiles } from '../../infra/ssh/key-files.js';
import {
  sealSettings,
  settingsFromInput,
  settingsProblems,
  type Problem,
} from './server-settings.js';

/**
 * The columns of a server saved from the add form's fields, its secrets sealed, and what keeps
 * its login from working (a key file the console may not use). `/server/add` refuses such a
 * server; the goploy import keeps it, as goploy had it, and reports the problems.
 */
export function serverColumnsOf(
  input: RouteParsed<typeof serverRoutes.add>,
  box: SecretBox,
  keyFiles: KeyFiles,
): { columns: ReturnType<typeof sealSettings>; problems: Problem[] } {
  const settings = settingsFromInput(input);
  return { columns: sealSettings(settings, box), problems: settingsProblems(settings, keyFiles) };
}
