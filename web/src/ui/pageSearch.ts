import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './pageSizes';

/** The page part of a paged page's address; defaults are left out so addresses stay short. */
export interface PageSearch {
  page?: number;
  rows?: number;
}

/**
 * A filter read from the address. The router parses `?account=123` as a number, so numbers are
 * taken back as text; blanks are dropped.
 */
export function readText(v: unknown): string | undefined {
  const text = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
  return text ? text.slice(0, 255) : undefined;
}

/** A page number above 1, else undefined (page 1). */
export function readPage(v: unknown): number | undefined {
  const n = Number(v);
  return Number.isInteger(n) && n > 1 && n <= 1_000_000 ? n : undefined;
}

/** One of the offered page sizes other than the default, else undefined. */
export function readRows(v: unknown): number | undefined {
  const n = Number(v);
  return n !== DEFAULT_PAGE_SIZE && (PAGE_SIZES as readonly number[]).includes(n) ? n : undefined;
}

/** The search without its undefined entries, so the address carries only what is set. */
export function compact<T extends object>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as T;
}

/** The page and size in force: the address's, or page 1 of the default size. */
export function currentPage(search: PageSearch): Required<PageSearch> {
  return { page: search.page ?? 1, rows: search.rows ?? DEFAULT_PAGE_SIZE };
}

/** The page and size to navigate to: a new size starts again at page 1. */
export function nextPage(current: Required<PageSearch>, page: number, rows: number): PageSearch {
  return {
    page: readPage(rows === current.rows ? page : 1),
    rows: readRows(rows),
  };
}
