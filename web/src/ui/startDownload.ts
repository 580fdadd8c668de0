/**
 * Starts a download of a same-origin address, as a click on a link would: the answer is an
 * attachment, so the page stays; the session cookie authenticates it.
 */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
