/** Every query of one server's metrics page (charts, collection, rules). */
export const metricsKey = (serverId: number) => ['metrics', serverId] as const;
