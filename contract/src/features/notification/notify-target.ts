/**
 * A notification address (`notifyTarget` of projects, monitors, server warning rules and cron
 * jobs) as answers show it: the channel's secret parts masked, the rest kept so a user still
 * recognises the address. The server masks with it, the web app recognises the masked form, and
 * the console's logs mask the same way (decision 0039).
 */

/** What stands for the hidden characters of a secret part. */
export const NOTIFY_TARGET_MASK = '••••';

/** A secret part keeps its last 4 characters when it has at least this many (8+ stay hidden). */
const MIN_TAIL_LENGTH = 12;
const TAIL_LENGTH = 4;

/** A path segment that reads like a key: 16+ characters mixing letters and digits. */
const TOKEN_LIKE = /^(?=.*\d)(?=.*[a-z])[^/]{16,}$/i;

/** scheme://authority path ?query #fragment, as typed (nothing normalised or escaped). */
const ADDRESS = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i;

/** One secret part masked: `••••` and, for a long one, its last 4 characters. */
export function maskSecretPart(value: string): string {
  if (value === '') return '';
  return value.length >= MIN_TAIL_LENGTH
    ? NOTIFY_TARGET_MASK + value.slice(-TAIL_LENGTH)
    : NOTIFY_TARGET_MASK;
}

/**
 * The address with every part that may carry the channel's secret masked:
 * - every query value (DingTalk's `access_token`, WeCom's `key`, any custom receiver's token);
 * - the path segment after `hook` (Feishu's and Lark's hook id) and any segment that reads like
 *   a key (16+ characters with letters and digits, as Slack's or Discord's);
 * - the userinfo's password (a userinfo without one is masked whole: it may be a token);
 * - a fragment.
 * Scheme, host, port and the other path segments are kept. Text that is not an address is masked
 * whole. '' stays ''.
 */
export function maskNotifyTarget(target: string): string {
  if (target === '') return '';
  const m = ADDRESS.exec(target);
  if (!m) return maskSecretPart(target);
  const [, scheme = '', authority = '', path = '', query, fragment] = m;
  return (
    scheme +
    maskAuthority(authority) +
    maskPath(path) +
    (query === undefined ? '' : maskQuery(query)) +
    (fragment === undefined ? '' : `#${maskSecretPart(fragment.slice(1))}`)
  );
}

/** Whether `text` holds a masked part: it is a mask sent back, not an address typed. */
export function isMaskedNotifyTarget(text: string): boolean {
  return text.includes(NOTIFY_TARGET_MASK);
}

function maskAuthority(authority: string): string {
  const at = authority.lastIndexOf('@');
  if (at < 0) return authority;
  const userinfo = authority.slice(0, at);
  const colon = userinfo.indexOf(':');
  const shown =
    colon < 0
      ? maskSecretPart(userinfo)
      : `${userinfo.slice(0, colon)}:${maskSecretPart(userinfo.slice(colon + 1))}`;
  return `${shown}${authority.slice(at)}`;
}

function maskPath(path: string): string {
  const segments = path.split('/');
  return segments
    .map((s, i) =>
      segments[i - 1]?.toLowerCase() === 'hook' || TOKEN_LIKE.test(s) ? maskSecretPart(s) : s,
    )
    .join('/');
}

function maskQuery(query: string): string {
  const pairs = query
    .slice(1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      // A bare `?abc` may be the key itself.
      if (eq < 0) return maskSecretPart(pair);
      return `${pair.slice(0, eq)}=${maskSecretPart(pair.slice(eq + 1))}`;
    });
  return `?${pairs.join('&')}`;
}
