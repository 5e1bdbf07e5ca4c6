/**
 * Code a page fetches after its first paint, fetched once: the header cart's dropdown, a dialog
 * (src/ui/modal.tsx), the branch finder's combobox (decision 065). `load()` fetches it, or gives
 * the fetch under way; one that failed (a dropped connection, a deploy in between) is asked for
 * again next time. `now()` is the code once it is here, for drawing it in the same render.
 */
export interface FetchedOnce<T> {
  load(): Promise<T>;
  now(): T | null;
}

export function fetchedOnce<T>(fetch: () => Promise<T>): FetchedOnce<T> {
  let here: T | null = null;
  let underWay: Promise<T> | null = null;
  return {
    load() {
      underWay ??= fetch().then(
        (code) => (here = code),
        (error: unknown) => {
          underWay = null;
          throw error;
        },
      );
      return underWay;
    },
    now: () => here,
  };
}
