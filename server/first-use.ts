/**
 * What `build` answers, built once on first use and shared after: for a value that is costly to
 * make (a module loaded lazily, a throwaway password hash) and that a module would otherwise build
 * when it loads. A build that fails is tried again at the next use.
 */
export function onFirstUse<T>(build: () => Promise<T>): () => Promise<T> {
  let built: Promise<T> | undefined;
  return () =>
    (built ??= build().catch((error: unknown) => {
      built = undefined;
      throw error;
    }));
}
