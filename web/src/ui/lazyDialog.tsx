import { useEffect, useState, type ComponentType } from 'react';

/** A dialog component whose module loads on its first opening; `preload()` loads it now. */
export type LazyDialog<P> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A dialog whose code loads the first time it opens, so a page's JavaScript carries only its
 * list. Once loaded it stays mounted, so its closing animation still plays. No Suspense: the
 * dialog simply appears when its module has arrived (a failed load is retried at the next open).
 */
export function lazyDialog<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): LazyDialog<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((c) => {
      loaded = c;
    });
  function Lazy(props: P) {
    const [Dialog, setDialog] = useState(() => loaded);
    useEffect(() => {
      if (!props.open || Dialog) return;
      let live = true;
      preload()
        .then(() => {
          if (live) setDialog(() => loaded);
        })
        .catch(() => undefined);
      return () => {
        live = false;
      };
    }, [props.open, Dialog]);
    return Dialog ? <Dialog {...props} /> : null;
  }
  return Object.assign(Lazy, { preload });
}
