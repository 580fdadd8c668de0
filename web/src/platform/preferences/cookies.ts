/** Tiny cookie helpers for the two preferences goploy keeps in cookies. */
export const cookies = {
  get(name: string): string | undefined {
    const prefix = `${encodeURIComponent(name)}=`;
    const hit = document.cookie.split('; ').find((c) => c.startsWith(prefix));
    return hit === undefined ? undefined : decodeURIComponent(hit.slice(prefix.length));
  },
  set(name: string, value: string, days = 365): void {
    const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
    document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
  },
};
