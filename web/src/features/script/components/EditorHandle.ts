/** What the page may do with the script editor: put text where its cursor is. */
export interface EditorHandle {
  insert(text: string): void;
}
