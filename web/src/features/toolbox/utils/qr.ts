export const QR_DEFAULT_SIZE = 200;
export const QR_MIN_SIZE = 50;
export const QR_MAX_SIZE = 1000;
/** Level M error correction: about 15% of the code may be damaged and still read. */
export const QR_LEVEL = 'M';
/** The quiet zone around the code, in modules. */
export const QR_MARGIN = 4;
/** What a version 40 code holds at level M in byte mode (ISO/IEC 18004 table 7). */
export const QR_MAX_BYTES = 2331;
const QR_MAX_DIGITS = 5596;
const QR_MAX_ALPHANUMERIC = 3391;

/** Why no code is drawn. */
export type QrProblem = 'empty' | 'size' | 'tooLong';

export type QrCheck =
  | { ok: true }
  | { ok: false; problem: QrProblem; /** UTF-8 size of the text, for tooLong. */ bytes?: number };

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** True for a whole number of pixels from QR_MIN_SIZE to QR_MAX_SIZE. */
export function isQrSize(size: number | null | undefined): size is number {
  return (
    typeof size === 'number' && Number.isInteger(size) && size >= QR_MIN_SIZE && size <= QR_MAX_SIZE
  );
}

/**
 * Whether antd's QRCode can draw `text` at `size` pixels: level M, the smallest version from 1 to
 * 40 that holds the text (product.md §5). Its encoder puts the whole text in one mode (digits,
 * the 45 alphanumeric characters, else UTF-8 bytes) and throws on a text too long for version
 * 40, so the limit is checked here, before rendering. Only an all-blank text counts as empty.
 */
export function checkQr(text: string, size: number = QR_DEFAULT_SIZE): QrCheck {
  if (text.trim() === '') return { ok: false, problem: 'empty' };
  if (!isQrSize(size)) return { ok: false, problem: 'size' };
  const bytes = utf8Bytes(text);
  const fits = /^[0-9]*$/.test(text)
    ? text.length <= QR_MAX_DIGITS
    : /^[A-Z0-9 $%*+./:-]*$/.test(text)
      ? text.length <= QR_MAX_ALPHANUMERIC
      : bytes <= QR_MAX_BYTES;
  return fits ? { ok: true } : { ok: false, problem: 'tooLong', bytes };
}
