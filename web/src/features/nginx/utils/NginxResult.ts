/** What the test output panel shows: the last check, reload, start, stop or refused save. */
export interface NginxResult {
  ok: boolean;
  /** What was done, in the user's language. */
  title: string;
  /** nginx's own output. */
  output: string;
  /** The file and line nginx named, when a test failed on one. */
  file?: string;
  line?: number;
}
