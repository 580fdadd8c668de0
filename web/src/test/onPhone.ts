import { onTestFinished } from 'vitest';

/** A phone-sized screen (below 992px) for the running test. */
export function onPhone() {
  const original = window.matchMedia.bind(window);
  window.matchMedia = (query: string) => ({
    ...original(query),
    media: query,
    matches: query.includes('max-width'),
  });
  onTestFinished(() => {
    window.matchMedia = original;
  });
}
