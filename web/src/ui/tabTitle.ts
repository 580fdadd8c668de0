/**
 * A new tab's title: the server's name, or the name with the first free counter ("web (2)") when
 * a tab of that name is already open.
 */
export function tabTitle(name: string, openTitles: readonly string[]): string {
  if (!openTitles.includes(name)) return name;
  for (let n = 2; ; n++) {
    const title = `${name} (${n})`;
    if (!openTitles.includes(title)) return title;
  }
}
