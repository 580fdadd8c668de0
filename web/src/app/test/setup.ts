import { provideApp } from '../../test/appUnderTest';

// The app the tests render (`renderApp`): its route tree, loaded by the tests that render it.
provideApp(() => import('../router/routeTree').then((m) => m.routeTree));
