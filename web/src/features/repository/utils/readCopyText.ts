import { MAX_TEXT_FILE_BYTES } from '@ferry/contract/client';
import { ApiError } from '../../../api/ApiError';

/** What `/repository/previewFile` answered: its type and its bytes. */
export interface PreviewAnswer {
  contentType: string;
  bytes: Uint8Array;
}

/** How much of a file is searched for a NUL byte, the mark of a file that is not text. */
const SNIFF_BYTES = 8000;

/**
 * The text of a previewed file. A refusal is an envelope (the only JSON answer: a `.json` file
 * comes as text/plain), which becomes an {@link ApiError} like any API failure; bytes with a NUL
 * in their start are not text (reason `not_text`); more than the file manager shows is
 * `file_too_large`. Invalid UTF-8 is shown with replacement characters, not refused.
 */
export function readCopyText(answer: PreviewAnswer): string {
  const { contentType, bytes } = answer;
  if (contentType.startsWith('application/json')) {
    let envelope: unknown;
    try {
      envelope = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      envelope = undefined;
    }
    const e = (typeof envelope === 'object' && envelope !== null ? envelope : {}) as Record<
      string,
      unknown
    >;
    throw new ApiError(
      'envelope',
      typeof e.code === 'number' ? e.code : 2,
      typeof e.message === 'string' ? e.message : '',
      typeof e.reason === 'string' ? e.reason : undefined,
    );
  }
  if (bytes.length > MAX_TEXT_FILE_BYTES) {
    throw new ApiError('envelope', 2, '', 'file_too_large');
  }
  if (bytes.subarray(0, SNIFF_BYTES).includes(0)) {
    throw new ApiError('envelope', 2, '', 'not_text');
  }
  return new TextDecoder().decode(bytes);
}
