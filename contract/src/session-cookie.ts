/** The session cookie; goploy's name, so its clients and scripts keep working. */
export const SESSION_COOKIE = 'goploy_token';
