/**
 * Leaves the app for the login page with a full page load, so no cached data of the old session
 * survives. `redirect` is the path to come back to after logging in.
 */
export function goToLogin(redirect?: string): void {
  const target =
    redirect && redirect !== '/' && !redirect.startsWith('/login')
      ? `/login?redirect=${encodeURIComponent(redirect)}`
      : '/login';
  window.location.assign(target);
}
