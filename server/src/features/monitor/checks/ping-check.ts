import { execFile } from 'node:child_process';
import { failed, itemDeadline, messageOf, passed, type ItemCheck } from './check-item.js';
import { tcpConnect } from './tcp-connect.js';

/** Where a host is knocked on when ICMP is not permitted here. */
export const TCP_FALLBACK_PORTS = [80, 443, 22] as const;
/** A host name or address: no spaces, quotes or shell syntax, and no leading dash. */
const HOST = /^[A-Za-z0-9._:%-]+$/;

interface PingRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The program could not be started (not installed). */
  missing: boolean;
}

/**
 * The system `ping` once (`-n -c 1 -W <timeout> -- host`, an argument array, never a shell). A
 * host must look like a name or address; one starting with `-` is refused. Where ICMP is not
 * permitted (no `ping` program, or it cannot open its socket) the host is knocked on by TCP on
 * ports 80, 443 and 22 instead: a connection, or a refusal (the host answered with a reset),
 * passes; the result says `via: 'tcp'`.
 */
export function pingCheck(opts: { program?: string } = {}): ItemCheck {
  const program = opts.program ?? 'ping';
  return async (item, target, ctx) => {
    if (item.startsWith('-') || !HOST.test(item)) {
      return failed(`"${item}" is not a host name or address.`);
    }
    const deadline = itemDeadline(ctx.signal, target.timeout + 2);
    const started = performance.now();
    const run = await ping(program, item, target.timeout, deadline.signal);
    if (deadline.reason()) return failed(deadline.reason()!, { via: 'icmp' });
    if (!run.missing && !icmpRefused(run)) {
      if (run.code === 0) {
        const time = /time[=<]\s*([\d.]+)\s*ms/.exec(run.stdout)?.[1];
        const latencyMs = time ? Math.round(Number(time)) : Math.round(performance.now() - started);
        return passed({ via: 'icmp', latencyMs });
      }
      const said = lastLine(run.stderr) || (run.code === 1 ? '' : lastLine(run.stdout));
      return failed(
        `No ICMP answer from ${item} within ${target.timeout} s${said ? `: ${said}` : ''}.`,
        { via: 'icmp' },
      );
    }

    // ICMP is not permitted here: knock on a few TCP ports instead.
    const why = run.missing ? 'no ping program here' : 'ICMP is not permitted here';
    const tcp = itemDeadline(ctx.signal, target.timeout);
    const knockedAt = performance.now();
    try {
      await Promise.any(
        TCP_FALLBACK_PORTS.map((port) => tcpConnect({ host: item, port }, tcp.signal)),
      );
      return passed({ via: 'tcp', latencyMs: Math.round(performance.now() - knockedAt) });
    } catch (err) {
      const reason =
        tcp.reason() ?? (err instanceof AggregateError ? messageOf(err.errors[0]) : messageOf(err));
      return failed(
        `No TCP answer from ${item} on ports ${TCP_FALLBACK_PORTS.join(', ')} (${why}, so TCP was tried instead): ${reason}`,
        { via: 'tcp' },
      );
    }
  };
}

function ping(program: string, host: string, timeoutS: number, signal: AbortSignal) {
  return new Promise<PingRun>((resolve) => {
    execFile(
      program,
      ['-n', '-c', '1', '-W', String(timeoutS), '--', host],
      { signal, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
      (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { code?: number | string }) | null;
        resolve({
          code: e ? (typeof e.code === 'number' ? e.code : null) : 0,
          stdout,
          stderr,
          missing: e?.code === 'ENOENT' || e?.code === 'EACCES',
        });
      },
    );
  });
}

/** Whether ping failed because it may not open an ICMP socket here (not for want of an answer). */
const icmpRefused = (run: PingRun) =>
  run.code !== 0 &&
  run.code !== 1 &&
  /operation not permitted|permission denied|socket/i.test(run.stderr);

const lastLine = (text: string) => text.trim().split('\n').pop()?.trim() ?? '';
