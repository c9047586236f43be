import devToolsOptions, { DEV_TOOLS_FLAG_KEY, devToolsOptedIn } from '../../../src/store/devTools';
import { mayHaveOptedIntoDevTools } from '../../../src/store/devToolsFlag';
import { DEV_TOOLS_SANITIZERS } from '../../../src/store/sanitize';

const storage = window.localStorage;

/** Runs `body` as a production build would (NODE_ENV is read when the function runs). */
function inProduction<T>(body: () => T): T {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return body();
  } finally {
    process.env.NODE_ENV = previous;
  }
}

describe('devToolsOptedIn', () => {
  it('is off in a browser without the flag', () => {
    expect(devToolsOptedIn('', storage)).toBe(false);
    expect(storage.getItem(DEV_TOOLS_FLAG_KEY)).toBeNull();
  });

  it("is on while the stored flag is 'on', and only then", () => {
    storage.setItem(DEV_TOOLS_FLAG_KEY, 'on');
    expect(devToolsOptedIn('', storage)).toBe(true);
    expect(devToolsOptedIn('?tab=graph', storage)).toBe(true);
    storage.setItem(DEV_TOOLS_FLAG_KEY, 'yes');
    expect(devToolsOptedIn('', storage)).toBe(false);
  });

  it('removes the flag for ?devtools=off, on any page and among other parameters', () => {
    storage.setItem(DEV_TOOLS_FLAG_KEY, 'on');
    expect(devToolsOptedIn('?tab=graph&devtools=off', storage)).toBe(false);
    expect(storage.getItem(DEV_TOOLS_FLAG_KEY)).toBeNull();
    expect(devToolsOptedIn('', storage)).toBe(false);
  });

  it('takes no other query as an opt-in', () => {
    for (const search of ['?devtools=on', '?devtools=please', '?threadline.devtools=on']) {
      expect(devToolsOptedIn(search, storage)).toBe(false);
      expect(storage.getItem(DEV_TOOLS_FLAG_KEY)).toBeNull();
    }
    storage.setItem(DEV_TOOLS_FLAG_KEY, 'on');
    expect(devToolsOptedIn('?devtools=please', storage)).toBe(true);
  });
});

describe('devToolsOptions', () => {
  it('gives the sanitizers in development, flag or not', () => {
    expect(devToolsOptions('', storage)).toBe(DEV_TOOLS_SANITIZERS);
  });

  it('gives a production build nothing until this browser opts in, then the same sanitizers', () => {
    expect(inProduction(() => devToolsOptions('', storage))).toBeUndefined();
    storage.setItem(DEV_TOOLS_FLAG_KEY, 'on');
    expect(inProduction(() => devToolsOptions('', storage))).toBe(DEV_TOOLS_SANITIZERS);
    expect(inProduction(() => devToolsOptions('?devtools=off', storage))).toBeUndefined();
  });

  it('reads the page address and local storage by default', () => {
    storage.setItem(DEV_TOOLS_FLAG_KEY, 'on');
    expect(inProduction(() => devToolsOptions())).toBe(DEV_TOOLS_SANITIZERS);
    window.history.replaceState(null, '', '/agents?devtools=off');
    try {
      expect(inProduction(() => devToolsOptions())).toBeUndefined();
      expect(storage.getItem(DEV_TOOLS_FLAG_KEY)).toBeNull();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

describe("the landing page's look for an opt-in (mayHaveOptedIntoDevTools)", () => {
  it('finds the flag that the rule reads, and not once ?devtools=off removed it', () => {
    expect(mayHaveOptedIntoDevTools()).toBe(false);
    storage.setItem(DEV_TOOLS_FLAG_KEY, 'on');
    expect(mayHaveOptedIntoDevTools()).toBe(true);
    devToolsOptedIn('?devtools=off', storage);
    expect(mayHaveOptedIntoDevTools()).toBe(false);
  });
});
