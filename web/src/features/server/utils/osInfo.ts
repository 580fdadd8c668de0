/** The parts of goploy's `os_info`: `PRETTY_NAME|cpu count|MemTotal kB`. */
export interface OsInfo {
  name: string;
  cpus?: number;
  /** Total memory in KiB (what /proc/meminfo calls kB). */
  memoryKiB?: number;
}

const KIB_PER_GIB = 1024 * 1024;

/** Reads `os_info`; a part that is missing or not a number is left out. */
export function parseOsInfo(raw: string): OsInfo {
  const [name = '', cpus = '', memory = ''] = raw.trim().split('|');
  const info: OsInfo = { name: name.trim().replace(/^"(.*)"$/, '$1') };
  const cpuCount = Number.parseInt(cpus.trim(), 10);
  if (Number.isFinite(cpuCount) && cpuCount > 0) info.cpus = cpuCount;
  const kib = Number.parseInt(memory.trim(), 10);
  if (Number.isFinite(kib) && kib > 0) info.memoryKiB = kib;
  return info;
}

/** A memory size in KiB as people read it: `23.4 GiB`, or `512 MiB` below one GiB. */
export function formatMemory(kib: number): string {
  if (kib >= KIB_PER_GIB) return `${(kib / KIB_PER_GIB).toFixed(1)} GiB`;
  return `${Math.max(1, Math.round(kib / 1024))} MiB`;
}

/**
 * `os_info` in one line: "Debian GNU/Linux 12 (bookworm) · 2 CPU · 23.4 GiB". `cpuLabel` words
 * the CPU count in the user's language. Empty when nothing is known.
 */
export function formatOsInfo(
  raw: string,
  cpuLabel: (count: number) => string = (count) => `${count} CPU`,
): string {
  const info = parseOsInfo(raw);
  const parts = [info.name];
  if (info.cpus !== undefined) parts.push(cpuLabel(info.cpus));
  if (info.memoryKiB !== undefined) parts.push(formatMemory(info.memoryKiB));
  return parts.filter(Boolean).join(' · ');
}
