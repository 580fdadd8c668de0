import { failed } from '../../core/errors.js';

/**
 * Writes a row whose name must be free where it lives: a name another row holds is refused with
 * code 2 and `reason`; so is one taken between the check and the write (the unique index refuses
 * it), instead of an internal error.
 */
export async function withFreeName<T>(opts: {
  /** The id of the row holding the name, if any. */
  holder: () => Promise<number | undefined>;
  /** The row being edited, which may keep its own name. */
  self?: number;
  message: string;
  reason: string;
  write: () => Promise<T>;
}): Promise<T> {
  const taken = async () => {
    const id = await opts.holder();
    return id !== undefined && id !== opts.self;
  };
  if (await taken()) throw failed(opts.message, opts.reason);
  try {
    return await opts.write();
  } catch (err) {
    if (await taken()) throw failed(opts.message, opts.reason);
    throw err;
  }
}
