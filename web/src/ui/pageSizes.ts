/** The page sizes every paged table offers, so all of them page alike. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** The size a table starts at; also the contract's default `rows`. */
export const DEFAULT_PAGE_SIZE = 20;
