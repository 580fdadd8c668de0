import type { projectRoutes, RouteInput, RouteOutput } from '@ferry/contract/client';

/** One project as GET /project/getList sends it (its repository secrets are never included). */
export type ProjectRow = RouteOutput<typeof projectRoutes.getList>['list'][number];

/** What POST /project/add takes; edit takes the same plus the id. */
export type ProjectInput = RouteInput<typeof projectRoutes.add>;

/** The repository part of the form, as pingRepos and getRemoteBranchList take it. */
export type RepositoryInput = RouteInput<typeof projectRoutes.pingReposWithSecrets>;
