import { FolderOpenOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces } from '../../platform';
import { serverRoute } from '../server';
import { validateServerSearch } from '../../ui/useServerFromAddress';

/** /server/sftp: the file manager of the servers, in the servers section. */
export const sftpRoute = createRoute({
  getParentRoute: () => serverRoute,
  path: 'sftp',
  validateSearch: validateServerSearch,
  loader: () => loadNamespaces('sftp'),
  component: lazyRouteComponent(() => import('./pages/SftpPage'), 'SftpPage'),
  staticData: {
    meta: { titleKey: 'sftp', icon: FolderOpenOutlined, permissions: [Perm.ShowSftpFilePage] },
  },
});
