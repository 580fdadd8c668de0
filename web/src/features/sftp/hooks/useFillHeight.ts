import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The height that lets `target` reach the bottom of the window, less `reserve` pixels for what
 * comes below it (never less than `min`). Measured again when the window or `container` (which
 * holds what stands above the target) changes size; a hidden target (an inactive tab) keeps
 * its last height until it shows.
 */
export function useFillHeight(
  target: RefObject<HTMLElement | null>,
  container: RefObject<HTMLElement | null>,
  reserve: number,
  min: number,
): number {
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    const measure = () => {
      const el = target.current;
      if (!el) return;
      const box = el.getBoundingClientRect();
      if (box.width === 0) return;
      const top = box.top + window.scrollY;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - reserve)));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = new ResizeObserver(measure);
    if (container.current) observer.observe(container.current);
    if (target.current) observer.observe(target.current);
    return () => {
      window.removeEventListener('resize', measure);
      observer.disconnect();
    };
  }, [target, container, reserve, min]);
  return height;
}
