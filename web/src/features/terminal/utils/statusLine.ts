/**
 * A line of the page's own for the terminal, dimmed and bracketed so it does not pass for shell
 * output. SECURITY: the text may carry a close reason from the console (an SSH error naming what
 * the remote side said); control characters are replaced, so it cannot steer the terminal with
 * escape sequences.
 */
export function statusLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  const plain = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  return `\r\n\x1b[2m[${plain}]\x1b[0m\r\n`;
}
