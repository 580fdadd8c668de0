/** What happened to the rows of one goploy table. */
export interface TableCounts {
  table: string;
  read: number;
  /** New Ferry rows. */
  imported: number;
  /** Joined to a Ferry row that was already there (a collision decided, decision 0047). */
  merged: number;
  /** Carried by an earlier import, unchanged since. */
  skipped: number;
  /** Carried by an earlier import and changed in goploy since: reported, not overwritten. */
  changed: number;
  /** Not imported, with a reason (a missing parent: goploy keeps no foreign keys). */
  dropped: number;
  /** Rows Ferry refuses: the import writes nothing while any is left. */
  refused: number;
}

/** One row the report names, by goploy's table and id. */
export interface RowNote {
  table: string;
  id: number;
  message: string;
}

/** A secret carried over, named by its field alone, never by its value. */
export interface SecretNote {
  table: string;
  id: number;
  field: string;
}

export interface ImportReport {
  source: string;
  goployVersion: string;
  target: string;
  dryRun: boolean;
  /** Whether the Ferry database was written (false on a dry run or any refusal). */
  written: boolean;
  tables: TableCounts[];
  refusals: RowNote[];
  /** Decisions worth knowing: merged rows, ids that changed, key files, rows changed in goploy. */
  notes: RowNote[];
  secrets: SecretNote[];
  /** goploy tables with rows this import left in goploy, and why. */
  notCarried: { table: string; rows: number; reason: string }[];
}

export type Outcome = Exclude<keyof TableCounts, 'table' | 'read'>;

/** Collects the report while the import runs. */
export class ReportBuilder {
  private readonly counts = new Map<string, TableCounts>();
  readonly refusals: RowNote[] = [];
  readonly notes: RowNote[] = [];
  readonly secrets: SecretNote[] = [];

  read(table: string, n: number): void {
    this.table(table).read = n;
  }

  count(table: string, outcome: Outcome): void {
    this.table(table)[outcome] += 1;
  }

  refuse(table: string, id: number, message: string): void {
    this.count(table, 'refused');
    this.refusals.push({ table, id, message });
  }

  drop(table: string, id: number, message: string): void {
    this.count(table, 'dropped');
    this.notes.push({ table, id, message });
  }

  note(table: string, id: number, message: string): void {
    this.notes.push({ table, id, message });
  }

  secret(table: string, id: number, field: string): void {
    this.secrets.push({ table, id, field });
  }

  tables(): TableCounts[] {
    return [...this.counts.values()];
  }

  private table(name: string): TableCounts {
    let t = this.counts.get(name);
    if (!t) {
      t = {
        table: name,
        read: 0,
        imported: 0,
        merged: 0,
        skipped: 0,
        changed: 0,
        dropped: 0,
        refused: 0,
      };
      this.counts.set(name, t);
    }
    return t;
  }
}

/** The report as people read it: a table of counts, then each refusal and note. */
export function formatReport(r: ImportReport): string {
  const lines: string[] = [];
  lines.push(`goploy ${r.goployVersion} at ${r.source} → ${r.target}`);
  const head = ['table', 'read', 'imported', 'merged', 'skipped', 'changed', 'dropped', 'refused'];
  const rows = r.tables.map((t) => [
    t.table,
    ...[t.read, t.imported, t.merged, t.skipped, t.changed, t.dropped, t.refused].map(String),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  lines.push('', line(head), ...rows.map(line));
  if (r.refusals.length > 0) {
    lines.push('', `Refused (${r.refusals.length}): fix these rows in goploy, then import again.`);
    for (const n of r.refusals) lines.push(`  ${n.table} ${n.id}: ${n.message}`);
  }
  if (r.notes.length > 0) {
    lines.push('', 'Notes:');
    for (const n of r.notes) lines.push(`  ${n.table} ${n.id}: ${n.message}`);
  }
  if (r.secrets.length > 0) {
    const fields = new Map<string, number>();
    for (const s of r.secrets) {
      const key = `${s.table}.${s.field}`;
      fields.set(key, (fields.get(key) ?? 0) + 1);
    }
    lines.push('', 'Secrets carried over, sealed with the console key:');
    for (const [field, n] of fields) lines.push(`  ${field}: ${n}`);
  }
  if (r.notCarried.length > 0) {
    lines.push('', 'Not carried (rows left in goploy):');
    for (const t of r.notCarried) lines.push(`  ${t.table}: ${t.rows} (${t.reason})`);
  }
  lines.push(
    '',
    r.written
      ? 'Imported: start the console and sign in with your goploy account.'
      : r.dryRun
        ? 'Dry run: nothing was written.'
        : 'Nothing was written.',
  );
  return lines.join('\n');
}
