/** The parameters of a signed login link `/login?account=&token=&time=&redirect=`. */
export interface ExtLoginParams {
  account: string;
  token: string;
  time: number;
}

/**
 * Reads a signed link from the raw query string (not the router's parsed search, which would turn
 * a numeric-looking account into a number). Undefined unless all three parts are present.
 */
export function extLoginParams(search: string): ExtLoginParams | undefined {
  const q = new URLSearchParams(search);
  const account = q.get('account')?.trim();
  const token = q.get('token')?.trim();
  const time = Number(q.get('time'));
  if (!account || !token || !Number.isFinite(time) || time <= 0) return undefined;
  return { account, token, time };
}
