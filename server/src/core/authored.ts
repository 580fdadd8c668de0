/** goploy's creator and editor columns of a row `user` makes at `now` (no editor yet). */
export const createdBy = (user: { id: number; name: string }, now: number) => ({
  creator_id: user.id,
  creator: user.name,
  editor_id: 0,
  editor: '',
  insert_time: now,
  update_time: now,
});
