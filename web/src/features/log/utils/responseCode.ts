/** The envelope code in a stored response (`{"code":0,…}`), if it has one. */
export function responseCode(responseData: string): number | undefined {
  try {
    const body: unknown = JSON.parse(responseData);
    if (typeof body !== 'object' || body === null) return undefined;
    const { code } = body as { code?: unknown };
    return typeof code === 'number' ? code : undefined;
  } catch {
    return undefined;
  }
}
