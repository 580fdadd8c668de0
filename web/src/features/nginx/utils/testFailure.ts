import { normalizeNginxDir, type NginxTestFailure } from '@ferry/contract/client';

/** Where nginx says the error is: `… in /etc/nginx/sites/a.conf:12`. */
const LOCATION = /\bin (\/\S+?):(\d+)\s*$/m;

/** Reads a refusal's `data`: its fields when they are there, the location from the output if not. */
export function readTestFailure(data: unknown): NginxTestFailure {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const output = typeof d.output === 'string' ? d.output : '';
  let file = typeof d.file === 'string' ? d.file : '';
  let line = typeof d.line === 'number' && Number.isInteger(d.line) ? d.line : 0;
  if (!file || line <= 0) {
    const m = LOCATION.exec(output);
    if (m?.[1] && m[2]) {
      file = file || m[1];
      line = line > 0 ? line : Number(m[2]);
    }
  }
  return { output, file, line: Math.max(0, line) };
}

/** `dir` and `name` joined as the server writes paths: one slash, no trailing one. */
export function joinPath(dir: string, name: string): string {
  return `${dir.replace(/\/+$/, '')}/${name}`;
}

/** A path with repeated and trailing slashes removed, for comparison. */
export function normalPath(path: string): string {
  return normalizeNginxDir(path) ?? path;
}

/**
 * The line of the open file to mark for `failure`: its line when nginx names this file, none
 * when it names another one (the panel still shows the message) or no line.
 */
export function failureLine(failure: NginxTestFailure, openPath: string): number | undefined {
  if (!failure.file || failure.line <= 0) return undefined;
  return normalPath(failure.file) === normalPath(openPath) ? failure.line : undefined;
}
