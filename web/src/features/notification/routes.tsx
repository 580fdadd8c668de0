import { SendOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces } from '../../platform';
import { memberRoute } from '../member';
import { validateNotificationSearch } from './utils/notificationSearch';

/** /member/notification: the namespace's message templates and its delivery log. */
export const notificationRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: 'notification',
  validateSearch: validateNotificationSearch,
  loader: () => loadNamespaces('notification'),
  component: lazyRouteComponent(() => import('./pages/NotificationPage'), 'NotificationPage'),
  staticData: {
    meta: {
      titleKey: 'notification',
      icon: SendOutlined,
      permissions: [Perm.ShowNotificationPage],
    },
  },
});
