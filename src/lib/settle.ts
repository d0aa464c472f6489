// Waiting for work to end, but not forever: a shutdown must finish even when a task ignores its
// abort signal.

/** Resolves true once every promise has settled, or false after `ms` if some have not. */
export async function settledWithin(promises: Iterable<Promise<unknown>>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.allSettled([...promises]).then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
