import { z } from 'zod';
import { isValidPassword, PASSWORD_RULE } from './password-rule.js';

export { isValidPassword, PASSWORD_RULE };

/**
 * Field helpers shared by every feature. Query strings carry text, so numbers are coerced; an
 * absent or empty value never silently becomes 0.
 */
const required = (type: string) => (iss: { input: unknown }) =>
  iss.input === undefined || iss.input === null ? 'is required' : `must be ${type}`;

const numeric = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
  z.number({ error: required('a number') }),
);

/** A string: `is required` when absent, `must be a string` for another type. */
export const stringField = () => z.string({ error: required('a string') });

/** A positive integer id. */
export const idField = numeric.pipe(
  z.number().int('must be an integer').positive('must be a positive integer'),
);

/** An optional id where 0 (or an empty value) means none, as goploy's forms send a new record. */
export const optionalIdField = z.preprocess(
  (v) => (v === 0 || v === '0' || v === '' || v === null ? undefined : v),
  idField.optional(),
);

/** A non-negative integer (0 allowed), e.g. a namespace id where 0 means shared. */
export const uintField = numeric.pipe(
  z.number().int('must be an integer').min(0, 'must not be negative'),
);

/** An integer within bounds. */
export function intField(min: number, max: number) {
  return numeric.pipe(
    z
      .number()
      .int('must be an integer')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`),
  );
}

/** 0 or 1, as goploy's switches and flags. */
export const flagField = numeric.pipe(z.union([z.literal(0), z.literal(1)], 'must be 0 or 1'));

/**
 * C0 and C1 controls (NUL, tab, newline, escape, …), bidirectional overrides and isolates (they
 * make a name read otherwise than it is stored), and UTF-16 surrogates without their other half.
 */
const UNSAFE_IN_LINE =
  // eslint-disable-next-line no-control-regex -- finding control characters is what it is for
  /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The rule a single line of text (a name, an account, a description) breaks with such a character. */
export const LINE_TEXT_RULE =
  'must not contain control characters, bidirectional overrides or unpaired surrogates';

/** Whether `text` is one line of plain text: none of the characters `LINE_TEXT_RULE` names. */
export const isLineText = (text: string): boolean => !UNSAFE_IN_LINE.test(text);

/**
 * The same characters less the three that lay out several lines (tab, line feed, carriage
 * return): text of many lines (a message template) refuses the rest with `LINE_TEXT_RULE`.
 */
const UNSAFE_IN_LINES =
  // eslint-disable-next-line no-control-regex -- finding control characters is what it is for
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether `text` is plain text of one or more lines: `isLineText` allowing tabs and line breaks. */
export const isLinesText = (text: string): boolean => !UNSAFE_IN_LINES.test(text);

/** A trimmed single line of `min`..`max` characters (names, accounts). */
export function textField(min: number, max: number) {
  const base = stringField().trim();
  return base
    .min(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .refine(isLineText, LINE_TEXT_RULE);
}

/** An optional trimmed text, empty allowed, at most `max` characters, that `isText` accepts. */
function optionalPlainText(max: number, isText: (text: string) => boolean) {
  return stringField()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(isText, LINE_TEXT_RULE)
    .optional()
    .default('');
}

/** An optional trimmed single line, empty allowed, at most `max` characters (descriptions). */
export const optionalLine = (max: number) => optionalPlainText(max, isLineText);

/** An optional trimmed text of one or more lines, empty allowed (a description from a textarea). */
export const optionalLines = (max: number) => optionalPlainText(max, isLinesText);

/** An optional string, empty allowed, at most `max` characters. */
export function optionalText(max: number) {
  return stringField().trim().max(max, `must be at most ${max} characters`).optional().default('');
}

/** `page` from 1 and `rows` up to 1000, with goploy's defaults. */
export const pagination = {
  page: intField(1, 1_000_000).optional().default(1),
  rows: intField(1, 1000).optional().default(20),
};

/** goploy's pagination object of a paged answer. */
const pageInfo = z.object({ page: z.number(), rows: z.number(), total: z.number() });
/** goploy's paged list answer: the rows of a page and `{page, rows, total}`. */
export const pagedList = <T extends z.ZodType>(row: T) =>
  z.object({
    list: z.array(row),
    pagination: pageInfo,
  });

/** Who made and last changed a row, and when, as goploy's rows carry them. */
export const authorFields = {
  creatorId: z.number(),
  creator: z.string(),
  editorId: z.number(),
  editor: z.string(),
  insertTime: z.string(),
  updateTime: z.string(),
};

/** A list of ids, from a JSON array or a comma-separated query value. */
export const idListField = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .filter((s) => s.trim() !== '')
          .map(Number)
      : v,
  z.array(idField, { error: required('a list of ids') }).max(10_000, 'has too many items'),
);

/** The password rule of the specification (§5), with one message naming it. */
export const passwordField = stringField()
  .trim()
  .refine(isValidPassword, `must be ${PASSWORD_RULE}`);
