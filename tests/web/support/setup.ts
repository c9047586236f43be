import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { fixedMediaQueryList } from './media-query';
import { loadAllFeatures } from './store';

// findBy/waitFor give up after 1 s by default; a busy 2-core CI machine renders slower than that.
configure({ asyncUtilTimeout: 5000 });
// @xyflow/react measures nodes with these.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
class DOMMatrixReadOnlyStub {
  m22: number;
  constructor(transform?: string) {
    const scale = transform?.match(/scale\(([1-9.])\)/)?.[1];
    this.m22 = scale !== undefined ? Number(scale) : 1;
  }
}
Object.assign(globalThis, { ResizeObserver: ResizeObserverStub, DOMMatrixReadOnly: DOMMatrixReadOnlyStub });

// MUI's useMediaQuery asks for matchMedia; a desktop-sized window unless a test says otherwise.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => fixedMediaQueryList(query, false);
}

// Every feature of the registry, so that tests may preload any part of the state.
beforeAll(loadAllFeatures);

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
