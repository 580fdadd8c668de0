import { cleanup, configure, getConfig } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import i18next from 'i18next';
// Every test file runs this: it takes these three of the platform's modules alone, not its index
// (the router, the providers and the controls), which would cost each file about two seconds.
import { FeedbackProvider } from '../platform/FeedbackProvider';
import { initI18n } from '../platform/i18n/initI18n';
import { namespaces } from '../platform/i18n/resources';

// jsdom lacks these browser APIs that antd relies on. Media queries answer as on a wide desktop
// screen, so every responsive column shows; a test may pretend to be a phone by replacing this.
const SCREEN_WIDTH = 1920;
function widthMatches(query: string): boolean {
  const bounds = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (bounds.length === 0) return false;
  return bounds.every(([, side, px]) =>
    side === 'min' ? SCREEN_WIDTH >= Number(px) : SCREEN_WIDTH <= Number(px),
  );
}
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: widthMatches(query),
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
// jsdom computes a style by matching every rule of every sheet (antd's make well over a thousand),
// about 10 ms a call, and a query by role and name asks several times for each node it reads.
// Within one synchronous run nothing changes the page, so an answer is kept until the next
// microtask, and dropped at once when a test fires an event.
const computedStyle = window.getComputedStyle.bind(window);
let styles: WeakMap<Element, CSSStyleDeclaration> | undefined;
const forgetStyles = () => {
  styles = undefined;
};
window.getComputedStyle = (element: Element) => {
  if (!styles) {
    styles = new WeakMap();
    queueMicrotask(forgetStyles);
  }
  let style = styles.get(element);
  if (!style) {
    style = computedStyle(element);
    styles.set(element, style);
  }
  return style;
};

// antd's style registry looks through the head's children at every style it adds or removes
// (`Array.from(head.children)`). jsdom answers each read of a live HTMLCollection by also looking
// for a child of that name, so a head of some hundred style elements made that walk quadratic,
// about a tenth of a component test's time. The head answers with a plain array of its elements.
Object.defineProperty(document.head, 'children', {
  configurable: true,
  get(this: HTMLHeadElement) {
    const elements: Element[] = [];
    for (let e = this.firstElementChild; e; e = e.nextElementSibling) elements.push(e);
    return elements;
  },
});

// Components render here without their route, whose loader fetches their texts in the app.
await initI18n('en');
await i18next.loadNamespaces(namespaces);
// The app's toasts and confirmations load with the first of them; loaded here, they show at once
// as in an app that has shown one before (FeedbackProvider's own test covers the first one).
await FeedbackProvider.preload();

// antd renders in several passes; on a busy machine running tests in parallel, a dialog can take
// longer than Testing Library's default second to settle. Passing tests do not wait any longer.
configure({ asyncUtilTimeout: 5000 });
const rtl = getConfig();
configure({
  eventWrapper: (fire) => {
    forgetStyles();
    try {
      return rtl.eventWrapper(fire);
    } finally {
      forgetStyles();
    }
  },
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Files share a worker's modules (web/vitest.config.ts): nothing a test changes outlives it.
  vi.useRealTimers();
});
