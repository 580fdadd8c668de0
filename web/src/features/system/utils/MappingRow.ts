import type { RouteOutput, directoryMappingRoutes } from '@ferry/contract/client';

/** One directory group mapping, as the sign-in settings list it. */
export type MappingRow = RouteOutput<
  typeof directoryMappingRoutes.getDirectoryMappings
>['list'][number];

/** What a test of a sign-in answers. */
export type TestedSignIn = RouteOutput<typeof directoryMappingRoutes.testDirectorySignIn>;
