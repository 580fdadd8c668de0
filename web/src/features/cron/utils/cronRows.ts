import type { cronRoutes, crontabRoutes, RouteInput, RouteOutput } from '@ferry/contract/client';

/** A job of the server's crontab with its last run (POST /cron/getList). */
export type CronJob = RouteOutput<typeof cronRoutes.getList>['list'][number];

/** Whether Ferry's block in the crontab is as Ferry wrote it. */
export type CronFence = RouteOutput<typeof cronRoutes.getList>['fence'];

/** One run of a job (GET /cron/getLogs). */
export type CronRun = RouteOutput<typeof cronRoutes.getLogs>['list'][number];

/** Every crontab of the server the SSH user may read (GET /cron/getCrontab). */
export type Crontab = RouteOutput<typeof crontabRoutes.getCrontab>;
export type CrontabSource = Crontab['sources'][number];
export type CrontabLine = CrontabSource['lines'][number];

/** What a job is added with (POST /cron/add). */
export type CronInput = RouteInput<typeof cronRoutes.add>;

/** How a write goes on after the block was edited by hand. */
export type FenceResolve = NonNullable<CronInput['resolve']>;
