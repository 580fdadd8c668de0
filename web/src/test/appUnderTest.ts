import type { AnyRoute } from '@tanstack/react-router';

type LoadRouteTree = () => Promise<AnyRoute>;

let load: LoadRouteTree | undefined;

/**
 * The app hands its route tree to the tests here (its setup file, `app/test/setup.ts`, in
 * Vitest's `setupFiles`), so that `renderApp` can render it without importing the app: nothing
 * below `app/` imports it. The tree is loaded only by the tests that render it.
 */
export function provideApp(loadRouteTree: LoadRouteTree): void {
  load = loadRouteTree;
}

/** The app's whole route tree, as the app provided it. */
export function loadAppRouteTree(): Promise<AnyRoute> {
  if (!load) throw new Error('No app to render: app/test/setup.ts is not among the setup files.');
  return load();
}
