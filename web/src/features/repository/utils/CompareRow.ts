import type { FILE_COMPARE_STATES, fileCompareRoutes, RouteOutput } from '@ferry/contract/client';

/** goploy's word for a server's outcome of a file compare. */
export type FileCompareState = (typeof FILE_COMPARE_STATES)[number];

/** One bound server's outcome, as POST /deploy/fileCompare sends it. */
export type CompareRow = RouteOutput<typeof fileCompareRoutes.fileCompare>[number];
