/** A MediaQueryList whose answer never changes: jsdom lays nothing out, so tests say what matches. */
export function fixedMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}
