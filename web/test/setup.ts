import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadScreenMessages } from '../src/app/i18n.ts';

// jsdom lacks these browser APIs that antd's responsive components read.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// The default second for findBy/waitFor is too short on a loaded 2-core machine (a lazy route's
// first load missed it while the server suite ran); a test that cannot pass still fails, later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// The screens' messages come with the pages in the browser (router.tsx withAntd); the tests render
// screens on their own, with them.
await loadScreenMessages();
