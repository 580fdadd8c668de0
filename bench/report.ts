/** What the benchmarks share to print their results and end. */

/** Rows of cells as a table, each column as wide as its widest cell. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')).join('\n');
}

/** Runs a benchmark; prints PASS or FAIL (or the error) and exits 0 only when it passed. */
export async function runBenchmark(main: () => Promise<boolean>): Promise<never> {
  let pass = false;
  try {
    pass = await main();
    console.log(pass ? 'PASS' : 'FAIL');
  } catch (e) {
    console.error(e);
  }
  process.exit(pass ? 0 : 1);
}
