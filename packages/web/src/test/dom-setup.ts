/** Setup of the web-dom tests (jsdom): what Mantine and its data table need that jsdom lacks, and a clean DOM after each test. */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Mantine reads the colour scheme through matchMedia, which jsdom lacks.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// mantine-datatable measures its scroll area; jsdom has no layout.
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(cleanup);
