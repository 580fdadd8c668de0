import { toDataURL } from 'qrcode';

export const QR_DEFAULT_SIZE = 200;
export const QR_MIN_SIZE = 50;
export const QR_MAX_SIZE = 1000;
/** What a version 40 code holds at level M in byte mode (ISO/IEC 18004 table 7). */
export const QR_MAX_BYTES = 2331;

/** Why no code was drawn. */
export type QrProblem = 'empty' | 'size' | 'tooLong';

export type QrResult =
  | { ok: true; dataUrl: string }
  | { ok: false; problem: QrProblem; /** UTF-8 size of the text, for tooLong. */ bytes?: number };

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** True for a whole number of pixels from QR_MIN_SIZE to QR_MAX_SIZE. */
export function isQrSize(size: number | null | undefined): size is number {
  return (
    typeof size === 'number' && Number.isInteger(size) && size >= QR_MIN_SIZE && size <= QR_MAX_SIZE
  );
}

/**
 * Draws `text` as a PNG data URL `size` pixels wide: error-correction level M, a 4-module margin,
 * the smallest version from 1 to 40 that holds the text (product.md §5). The text is encoded as
 * typed; only an all-blank text counts as empty.
 */
export async function makeQr(text: string, size: number = QR_DEFAULT_SIZE): Promise<QrResult> {
  if (text.trim() === '') return { ok: false, problem: 'empty' };
  if (!isQrSize(size)) return { ok: false, problem: 'size' };
  try {
    const dataUrl = await toDataURL(text, { errorCorrectionLevel: 'M', margin: 4, width: size });
    return { ok: true, dataUrl };
  } catch (e) {
    // qrcode's only data error: "The amount of data is too big to be stored in a QR Code".
    if (e instanceof Error && /too big/i.test(e.message)) {
      return { ok: false, problem: 'tooLong', bytes: utf8Bytes(text) };
    }
    throw e;
  }
}
