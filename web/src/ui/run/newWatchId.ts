/** A random `watchId` of the characters the hub topic allows (`WATCH_ID_PATTERN`). */
export function newWatchId(): string {
  return crypto.randomUUID().replace(/[^A-Za-z0-9]/g, '');
}
