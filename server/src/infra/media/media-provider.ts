/** What a provider says of the member behind a sign-in code. */
export type MediaAnswer =
  | { ok: true; mobile: string; name: string }
  /** The member is not in the company (DingTalk) or tenant (Feishu) the app belongs to. */
  | { ok: false; reason: 'not_in_company' | 'no_mobile' };

/** A sign-in provider of goploy's kind: a browser address to start, a code to finish. */
export interface MediaProvider {
  readonly name: 'dingtalk' | 'feishu';
  authorizeUrl(redirectUri: string, state: string): string;
  identify(code: string, redirectUri: string): Promise<MediaAnswer>;
}

/**
 * A mobile number as members' `contact` holds it: spaces and dashes out, the Chinese country
 * code (`+86`, Feishu's form) off the front only (goploy trims the characters `+`, `8`, `6` from
 * both ends, which cuts numbers that end in 6 or 8).
 */
export function localMobile(mobile: string): string {
  const plain = mobile.replace(/[\s-]/g, '');
  return plain.replace(/^(\+|00)86(?=\d{11}$)/, '');
}
