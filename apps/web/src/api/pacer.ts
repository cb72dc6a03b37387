/**
 * Spaces the starts of calls made one after another: `next()` resolves once `spacingMs`
 * have passed since the previous start (at once the first time). Spec 001 uploads files
 * "one per 1000 ms in sequence"; a slow upload is never overlapped by the next.
 */
export interface TPacer {
  next: (signal?: AbortSignal) => Promise<void>;
}

export const createPacer = (spacingMs: number): TPacer => {
  let lastStart: number | null = null;
  return {
    next: (signal) =>
      new Promise<void>((resolve, reject) => {
        const wait = lastStart === null ? 0 : Math.max(0, lastStart + spacingMs - Date.now());
        const start = () => {
          signal?.removeEventListener("abort", abort);
          lastStart = Date.now();
          resolve();
        };
        const timer = wait > 0 ? setTimeout(start, wait) : null;
        const abort = () => {
          if (timer !== null) clearTimeout(timer);
          reject(new DOMException("The upload was cancelled", "AbortError"));
        };
        if (signal?.aborted) return abort();
        signal?.addEventListener("abort", abort, { once: true });
        if (timer === null) start();
      }),
  };
};
