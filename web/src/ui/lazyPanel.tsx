import { Flex, Spin } from 'antd';
import { lazy, Suspense, type ComponentType, type JSX } from 'react';

/**
 * A heavy panel (an editor, a diff) whose module is fetched with its first use: a spinner of
 * the panel's height stands in meanwhile, so nothing below it jumps.
 */
export function lazyPanel<P extends { height: string }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Panel = lazy(() => load().then((c) => ({ default: c })));
  return function LazyPanel(props: P) {
    return (
      <Suspense
        fallback={
          <Flex justify="center" align="center" style={{ height: props.height }}>
            <Spin />
          </Flex>
        }
      >
        <Panel {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  };
}
