import type {
  deployRoutes,
  repositoryRoutes,
  projectRoutes,
  RouteInput,
  RouteOutput,
} from '@ferry/contract/client';

/** One deploy card as GET /deploy/getList sends it. */
export type DeployRow = RouteOutput<typeof deployRoutes.getList>['list'][number];

/** One stage (and server) of a deploy, as GET /deploy/getPublishTrace sends it. */
export type TraceRow = RouteOutput<typeof deployRoutes.getPublishTrace>['list'][number];

/** One deploy of a project's history (GET /deploy/getPreview). */
export type PreviewRow = RouteOutput<typeof deployRoutes.getPreview>['list'][number];

/** What GET /deploy/getPreview takes. */
export type PreviewQuery = RouteInput<typeof deployRoutes.getPreview>;

/** One commit (or tag) as the repository routes send it. */
export type CommitInfo = RouteOutput<typeof repositoryRoutes.getCommitList>['list'][number];

/** A server bound to a project (GET /project/getBindServerList). */
export type BoundServer = RouteOutput<typeof projectRoutes.getBindServerList>['list'][number];

/** One line of a deploy's output, from GET /deploy/getPublishLog or a type-11 hub frame. */
export interface LogLine {
  stage: string;
  /** 0 for the console host. */
  serverId: number;
  line: string;
  /** When it was printed (epoch ms); absent from older logs. */
  at?: number;
}
