import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import i18next from 'i18next';
import { initI18n } from '../app/i18n/initI18n';
import { namespaces } from '../app/i18n/resources';

// jsdom lacks these browser APIs that antd relies on.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}

// jsdom implements neither scrolling nor pseudo-element styles; the router and antd ask for both.
window.scrollTo = () => undefined;
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// Components render here without their route, whose loader fetches their texts in the app.
await initI18n('en');
await i18next.loadNamespaces(namespaces);

// antd renders in several passes; on a busy machine running tests in parallel, a dialog can take
// longer than Testing Library's default second to settle. Passing tests do not wait any longer.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
