/** The query keys of one server's cron data: the jobs, the runs of one job, the crontabs. */
export const cronKey = (serverId: number) => ['cron', serverId] as const;
export const cronJobsKey = (serverId: number) => [...cronKey(serverId), 'jobs'] as const;
export const cronLogsKey = (serverId: number, cronId: number) =>
  [...cronKey(serverId), 'logs', cronId] as const;
export const crontabKey = (serverId: number) => [...cronKey(serverId), 'crontab'] as const;
