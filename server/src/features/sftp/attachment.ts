/**
 * `Content-Disposition` of a download named `filename`: a plain ASCII `filename` for old clients
 * (anything else replaced by `_`) and the exact name as RFC 5987 `filename*` (UTF-8,
 * percent-encoded), which browsers prefer. Neither can carry a quote or a line break into the
 * header.
 */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
