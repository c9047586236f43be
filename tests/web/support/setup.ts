import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { format } from 'node:util';
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

/**
 * Redux Toolkit's development checks time themselves and warn when a busy machine is slow: that says
 * nothing about the code under test.
 */
const MACHINE_SPEED_WARNING = /^\w+ took \d+ms, which is more than the warning threshold/;

/**
 * A test fails on a console.error or console.warn it did not expect: an unmocked request, a React
 * act() warning or a saga's failure log is a bug of the test or of the code. A test that expects
 * one says so by silencing it: `jest.spyOn(console, 'error').mockImplementation(() => undefined)`.
 */
let unexpectedOutput: string[] = [];
beforeEach(() => {
  unexpectedOutput = [];
  for (const level of ['error', 'warn'] as const) {
    jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      const text = format(...args);
      if (!MACHINE_SPEED_WARNING.test(text)) unexpectedOutput.push(`console.${level}: ${text}`);
    });
  }
});

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  const output = unexpectedOutput;
  unexpectedOutput = [];
  if (output.length > 0) throw new Error(`The test wrote to the console unexpectedly:\n\n${output.join('\n\n')}`);
});
