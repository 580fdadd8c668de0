/** What the variables panel may do with a script editor: put text where its cursor is. */
export interface EditorHandle {
  insert(text: string): void;
}
