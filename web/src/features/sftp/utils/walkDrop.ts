/** A local file to upload and its path below the directory it is dropped into. */
export interface LocalFile {
  file: File;
  /** `a.txt`, or `folder/sub/a.txt` for a file of a dropped or picked folder. */
  relativePath: string;
}

/** The parts of the File and Directory Entries API the walk uses (fakes in tests). */
export interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  file?(success: (file: File) => void, failure?: (error: unknown) => void): void;
  createReader?(): {
    readEntries(success: (entries: EntryLike[]) => void, failure?: (error: unknown) => void): void;
  };
}

const fileOf = (entry: EntryLike) =>
  new Promise<File>((resolve, reject) => {
    if (!entry.file) reject(new Error(`${entry.name} is not a file`));
    else entry.file(resolve, reject);
  });

/** Every entry of a directory: a reader gives them in batches (100 in Chrome) until none. */
async function childrenOf(entry: EntryLike): Promise<EntryLike[]> {
  const reader = entry.createReader?.();
  if (!reader) return [];
  const all: EntryLike[] = [];
  for (;;) {
    const batch = await new Promise<EntryLike[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/**
 * The files under `entries`, walked depth first, each with its path from the dropped item
 * (`folder/sub/a.txt`). Empty directories add nothing: the console makes the directories on the
 * way to each file. Files the browser cannot read (removed meanwhile) are reported in `skipped`.
 */
export async function walkEntries(
  entries: readonly EntryLike[],
): Promise<{ files: LocalFile[]; skipped: string[] }> {
  const files: LocalFile[] = [];
  const skipped: string[] = [];
  const walk = async (entry: EntryLike, prefix: string): Promise<void> => {
    const relativePath = `${prefix}${entry.name}`;
    if (entry.isFile) {
      try {
        files.push({ file: await fileOf(entry), relativePath });
      } catch {
        skipped.push(relativePath);
      }
      return;
    }
    if (!entry.isDirectory) return;
    let children: EntryLike[];
    try {
      children = await childrenOf(entry);
    } catch {
      skipped.push(`${relativePath}/`);
      return;
    }
    for (const child of children) await walk(child, `${relativePath}/`);
  };
  for (const entry of entries) await walk(entry, '');
  return { files, skipped };
}

/**
 * The entries of a drop. They must be taken while the drop event runs (the list empties after),
 * so this is called in the handler and the walk happens later. Items that are not files (a
 * dragged link's text) are left out; a browser without entries gives its plain files.
 */
export function droppedEntries(transfer: DataTransfer): {
  entries: EntryLike[];
  plainFiles: File[];
} {
  const entries: EntryLike[] = [];
  const plainFiles: File[] = [];
  for (const item of Array.from(transfer.items)) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.() as EntryLike | null | undefined;
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) plainFiles.push(file);
    }
  }
  return { entries, plainFiles };
}

/** Files from a file or folder picker (`webkitdirectory` gives each its path in the folder). */
export function pickedFiles(list: FileList | readonly File[]): LocalFile[] {
  return Array.from(list).map((file) => ({
    file,
    relativePath: file.webkitRelativePath || file.name,
  }));
}

/** Whether a drag carries files (not text or a link), so the drop zone shows only for those. */
export function carriesFiles(transfer: DataTransfer | null): boolean {
  return transfer !== null && Array.from(transfer.types).includes('Files');
}
