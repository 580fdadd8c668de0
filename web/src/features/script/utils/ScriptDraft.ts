import {
  DEFAULT_RUN_TIMEOUT_S,
  MAX_SCRIPT_BYTES,
  SCRIPT_INTERPRETERS,
  type ScriptInterpreter,
} from '@ferry/contract/client';

/** What the editor holds: the script and how it runs. */
export interface ScriptDraft {
  script: string;
  interpreter: ScriptInterpreter;
  /** Seconds each server may run it. */
  timeout: number;
}

export const EMPTY_DRAFT: ScriptDraft = {
  script: '',
  interpreter: 'bash',
  timeout: DEFAULT_RUN_TIMEOUT_S,
};

/** Why the draft cannot run on `serverCount` servers yet; undefined when it can. */
export function whyNotRunnable(
  draft: ScriptDraft,
  serverCount: number,
): { key: 'needServers' | 'needScript' | 'tooLarge'; size?: number } | undefined {
  if (serverCount === 0) return { key: 'needServers' };
  if (!draft.script.trim()) return { key: 'needScript' };
  if (new TextEncoder().encode(draft.script).length > MAX_SCRIPT_BYTES) {
    return { key: 'tooLarge', size: MAX_SCRIPT_BYTES / 1024 };
  }
  return undefined;
}

/** A recorded run's script as a draft to run again (bash should its interpreter be unknown). */
export function draftOf(run: {
  script: string;
  interpreter: string;
  timeout: number;
}): ScriptDraft {
  const interpreter = SCRIPT_INTERPRETERS.find((i) => i === run.interpreter) ?? 'bash';
  return { script: run.script, interpreter, timeout: run.timeout };
}
