/** Saves `text` as a file named `fileName`, made in the browser (nothing is fetched). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download after click() returns: let go of the blob a little later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
