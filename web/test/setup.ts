import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 5 s instead of 1 s: on a loaded CI machine a lazily loaded screen (its modules
// transformed on first import while other suites share the cores) can take longer than a second to appear. A test
// that passes is not slowed down; nothing here waits for something to stay absent.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that Radix, cmdk and react-resizable-panels call.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
if (!Element.prototype.hasPointerCapture) Element.prototype.hasPointerCapture = () => false;
if (!Element.prototype.releasePointerCapture) Element.prototype.releasePointerCapture = () => undefined;

// react-router reads TextEncoder at import; jsdom does not provide it.
import { TextDecoder, TextEncoder } from 'node:util';
if (!('TextEncoder' in globalThis)) Object.assign(globalThis, { TextEncoder, TextDecoder });

// The app asks who is signed in only when the browser holds a session cookie (api/auth.ts): every test starts as a
// browser that does, and a mocked 401 plays a signed-out visitor.
beforeEach(() => {
  document.cookie = 'tc_signed_in=1; Path=/';
});
