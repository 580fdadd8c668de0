import { startSlapd, type TestSlapd } from '../../scripts/slapd-server.mjs';

let started: Promise<TestSlapd> | undefined;

/**
 * One OpenLDAP server per test worker, started by the first file that asks (about 1 s) and shared
 * by the next ones of that worker; it stops when the worker exits. Each file adds people and
 * groups of its own, under names no other file uses.
 */
export function sharedSlapd(): Promise<TestSlapd> {
  started ??= startSlapd();
  return started;
}
