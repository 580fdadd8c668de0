/**
 * The OpenID Connect provider's answer, as the console's callback passed it on to the login
 * page: `/login#oidc=<the callback's query string>`. In the fragment, no server log keeps it.
 */
export function oidcCallbackOf(hash: string): string | undefined {
  const found = /^#oidc=([^&]*)$/.exec(hash);
  if (!found?.[1]) return undefined;
  try {
    return decodeURIComponent(found[1]);
  } catch {
    return undefined;
  }
}
