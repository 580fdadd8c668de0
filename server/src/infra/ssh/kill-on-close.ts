import { shellJoin } from './quote.js';

/*
 * Why a wrapper: sshd does not end a non-PTY command when its channel closes, and whether it
 * honours a "signal" request depends on the server (OpenSSH before 7.9 ignores it). So the
 * remote side watches the channel itself.
 *
 * OUTER becomes the login shell's process (`exec`), so sshd still reports its exit status. It
 * runs INNER in a process group that holds nothing but this command: the group sshd created for
 * the session when OUTER leads it (OpenSSH does; then a KILL signal request reaches the whole
 * command too), else a new one made with `setsid`. If neither is possible the kill is disarmed
 * rather than risk killing processes outside the command.
 *
 * INNER is a pipeline. The left side ("feeder") first sends its own pid, then exactly the
 * `stdin` bytes the caller announced, then closes the pipe (so the command sees end of input),
 * then keeps reading the channel's stdin. The client writes nothing more, so that read only
 * returns at end of file: when the client sends EOF or closes the channel on timeout or abort.
 * Then the feeder kills its process group: the command and everything it started (except what
 * deliberately left the group, like `setsid`-started daemons). The right side reads the feeder's
 * pid, runs the command with the rest of the pipe as stdin, then disarms the feeder (with
 * SIGPIPE, which shells do not report as "Terminated") and exits with the command's status.
 *
 * Stdin goes through fd 3 because an asynchronous list (`&`) gets /dev/null as stdin before its
 * own redirections apply, so `<&0` would pass /dev/null.
 */

const OUTER = `inner=$1
shift
exec 3<&0
pgid=
if [ -r /proc/$$/stat ]; then read -r _ _ _ _ pgid _ </proc/$$/stat; fi
if [ "$pgid" = "$$" ]; then
  sh -c "$inner" ferry-exec "$@" group <&3 3<&- &
elif command -v setsid >/dev/null 2>&1; then
  setsid sh -c "$inner" ferry-exec "$@" group <&3 3<&- &
else
  sh -c "$inner" ferry-exec "$@" none <&3 3<&- &
fi
wait "$!"`;

const INNER = `{
  sh -c 'echo "$PPID"'
  if [ "$2" -gt 0 ]; then head -c "$2"; fi
  exec >/dev/null
  while IFS= read -r _; do :; done
  if [ "$3" = group ]; then kill -KILL 0; fi
} | {
  IFS= read -r feeder
  sh -c "$1"
  code=$?
  kill -s PIPE "$feeder" 2>/dev/null
  exit "$code"
}`;

/**
 * SECURITY: the command line to send to sshd for `command` (a shell command line, already
 * quoted). It runs `command` with `sh -c` so that closing the channel, or sending EOF on it,
 * kills it and its children on the server. The caller must write exactly `stdinBytes` bytes to
 * the channel and must not send EOF until it wants the command dead; with `stdinBytes` 0 the
 * command reads an empty stdin. Needs a POSIX login shell and `head -c` on the server.
 */
export function wrapKillOnClose(command: string, stdinBytes: number): string {
  if (!Number.isSafeInteger(stdinBytes) || stdinBytes < 0) {
    throw new Error('stdinBytes must be a non-negative integer');
  }
  return `exec ${shellJoin(['sh', '-c', OUTER, 'ferry-exec', INNER, command, String(stdinBytes)])}`;
}
