/** The query keys of one server's nginx: everything under `nginxKey(serverId)`. */
export const nginxKey = (serverId: number) => ['nginx', serverId] as const;

/** The configuration files of a server (the list and every file's content). */
export const nginxFilesKey = (serverId: number) => [...nginxKey(serverId), 'files'] as const;
