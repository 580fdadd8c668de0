import { CronRefusal } from '@ferry/contract/client';
import { ApiError } from '../../../api/ApiError';

/** The reason a write answers when Ferry's block was changed by hand since Ferry wrote it. */
export const CRONTAB_EDITED = CronRefusal.crontabEdited;

/** Ferry's block as Ferry last wrote it, and as it is now. */
export interface EditedBlock {
  expected: string;
  current: string;
}

/** The two blocks of a write refused because the block was edited by hand; else undefined. */
export function editedBlockOf(error: unknown): EditedBlock | undefined {
  if (!(error instanceof ApiError) || error.reason !== CRONTAB_EDITED) return undefined;
  const data = (error.data ?? {}) as Partial<Record<keyof EditedBlock, unknown>>;
  return {
    expected: typeof data.expected === 'string' ? data.expected : '',
    current: typeof data.current === 'string' ? data.current : '',
  };
}
