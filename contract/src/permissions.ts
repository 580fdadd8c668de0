/**
 * The permission catalogue: ids are stable wire values (the API sends permissionIds).
 * Checked against the product specification by permissions.test.ts. Id 12 does not exist.
 * `pid` is the group a permission belongs to; 0 marks a group.
 */
export interface PermissionDef {
  readonly id: number;
  readonly name: string;
  readonly pid: number;
}

export const PERMISSIONS = [
  { id: 1, name: 'Log', pid: 0 },
  { id: 2, name: 'ShowLoginLogPage', pid: 1 },
  { id: 3, name: 'ShowPublishLogPage', pid: 1 },
  { id: 4, name: 'ShowSFTPLogPage', pid: 1 },
  { id: 5, name: 'ShowTerminalLogPage', pid: 1 },
  { id: 6, name: 'ShowTerminalRecord', pid: 1 },
  { id: 7, name: 'Setting', pid: 0 },
  { id: 8, name: 'ShowMemberPage', pid: 7 },
  { id: 9, name: 'AddMember', pid: 7 },
  { id: 10, name: 'EditMember', pid: 7 },
  { id: 11, name: 'DeleteMember', pid: 7 },
  { id: 13, name: 'ShowNamespacePage', pid: 7 },
  { id: 14, name: 'AddNamespace', pid: 7 },
  { id: 15, name: 'EditNamespace', pid: 7 },
  { id: 16, name: 'AddNamespaceUser', pid: 7 },
  { id: 17, name: 'DeleteNamespaceUser', pid: 7 },
  { id: 18, name: 'ShowRolePage', pid: 7 },
  { id: 19, name: 'AddRole', pid: 7 },
  { id: 20, name: 'EditRole', pid: 7 },
  { id: 21, name: 'DeleteRole', pid: 7 },
  { id: 22, name: 'EditPermission', pid: 7 },
  { id: 23, name: 'Server', pid: 0 },
  { id: 24, name: 'ShowServerPage', pid: 23 },
  { id: 25, name: 'AddServer', pid: 23 },
  { id: 26, name: 'EditServer', pid: 23 },
  { id: 27, name: 'SwitchServerState', pid: 23 },
  { id: 28, name: 'InstallAgent', pid: 23 },
  { id: 29, name: 'ImportCSV', pid: 23 },
  { id: 30, name: 'ShowServerMonitorPage', pid: 23 },
  { id: 31, name: 'AddServerWarningRule', pid: 23 },
  { id: 32, name: 'EditServerWarningRule', pid: 23 },
  { id: 33, name: 'DeleteServerWarningRule', pid: 23 },
  { id: 34, name: 'ShowTerminalPage', pid: 23 },
  { id: 35, name: 'ShowSftpFilePage', pid: 23 },
  { id: 36, name: 'SFTPUploadFile', pid: 23 },
  { id: 37, name: 'SFTPPreviewFile', pid: 23 },
  { id: 38, name: 'SFTPDownloadFile', pid: 23 },
  { id: 39, name: 'ShowCronPage', pid: 23 },
  { id: 40, name: 'AddCron', pid: 23 },
  { id: 41, name: 'EditCron', pid: 23 },
  { id: 42, name: 'DeleteCron', pid: 23 },
  { id: 43, name: 'Project', pid: 0 },
  { id: 44, name: 'ShowProjectPage', pid: 43 },
  { id: 45, name: 'GetAllProjectList', pid: 43 },
  { id: 46, name: 'GetBindProjectList', pid: 43 },
  { id: 47, name: 'AddProject', pid: 43 },
  { id: 48, name: 'EditProject', pid: 43 },
  { id: 49, name: 'DeleteProject', pid: 43 },
  { id: 50, name: 'SwitchProjectWebhook', pid: 43 },
  { id: 51, name: 'Monitor', pid: 0 },
  { id: 52, name: 'ShowMonitorPage', pid: 51 },
  { id: 53, name: 'AddMonitor', pid: 51 },
  { id: 54, name: 'EditMonitor', pid: 51 },
  { id: 55, name: 'DeleteMonitor', pid: 51 },
  { id: 56, name: 'Deploy', pid: 0 },
  { id: 57, name: 'ShowDeployPage', pid: 56 },
  { id: 58, name: 'GetAllDeployList', pid: 56 },
  { id: 59, name: 'GetBindDeployList', pid: 56 },
  { id: 60, name: 'DeployDetail', pid: 56 },
  { id: 61, name: 'DeployProject', pid: 56 },
  { id: 62, name: 'DeployResetState', pid: 56 },
  { id: 63, name: 'GreyDeploy', pid: 56 },
  { id: 64, name: 'DeployRollback', pid: 56 },
  { id: 65, name: 'DeployReview', pid: 56 },
  { id: 66, name: 'DeployTask', pid: 56 },
  { id: 67, name: 'FileCompare', pid: 56 },
  { id: 68, name: 'FileSync', pid: 56 },
  { id: 69, name: 'ProcessManager', pid: 56 },
  { id: 70, name: 'ShowServerProcessPage', pid: 23 },
  { id: 71, name: 'AddServerProcess', pid: 23 },
  { id: 72, name: 'EditServerProcess', pid: 23 },
  { id: 73, name: 'DeleteServerProcess', pid: 23 },
  { id: 74, name: 'ShowOperationLogPage', pid: 1 },
  { id: 75, name: 'SFTPTransferFile', pid: 23 },
  { id: 76, name: 'SFTPDeleteFile', pid: 23 },
  { id: 77, name: 'ShowServerScriptPage', pid: 23 },
  { id: 78, name: 'SFTPEditFile', pid: 23 },
  { id: 79, name: 'ShowServerNginxPage', pid: 23 },
  { id: 80, name: 'ManageServerNginx', pid: 23 },
  { id: 81, name: 'AddNginxConfig', pid: 23 },
  { id: 82, name: 'EditNginxConfig', pid: 23 },
  { id: 83, name: 'DeleteNginxConfig', pid: 23 },
  { id: 84, name: 'UnbindServerProject', pid: 23 },
  { id: 85, name: 'ManageRepository', pid: 43 },
  { id: 86, name: 'ShowNotificationPage', pid: 7 },
  { id: 87, name: 'EditNotification', pid: 7 },
] as const satisfies readonly PermissionDef[];

export type PermissionName = (typeof PERMISSIONS)[number]['name'];

/** Permission ids by name: `Perm.ShowServerPage` is 24. */
export const Perm = Object.fromEntries(PERMISSIONS.map((p) => [p.name, p.id])) as {
  readonly [K in PermissionName]: Extract<(typeof PERMISSIONS)[number], { name: K }>['id'];
};

/** Every permission id that can be granted (groups included, as goploy stores them). */
export const ALL_PERMISSION_IDS: readonly number[] = PERMISSIONS.map((p) => p.id);

export interface DefaultRole {
  readonly name: string;
  readonly permissionIds: readonly number[];
}

/** The roles made on first start. */
export const DEFAULT_ROLES: readonly DefaultRole[] = [
  {
    name: 'manager',
    permissionIds: [
      14, 15, 16, 17, 18, 19, 20, 21, 22, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37,
      38, 39, 40, 41, 42, 44, 45, 46, 47, 48, 49, 50, 52, 53, 54, 55, 57, 58, 59, 60, 61, 62, 64,
      65, 66, 67, 68, 69,
    ],
  },
  {
    name: 'member',
    permissionIds: [57, 59, 60, 61, 67],
  },
];
