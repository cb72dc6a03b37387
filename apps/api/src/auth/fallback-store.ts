import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from "express-rate-limit";

/**
 * A rate-limit store that counts in the shared store (Redis) and, while that fails, in this
 * process's memory. Without it a Redis outage switched the sign-in limit off (the library's
 * `passOnStoreError`), and a Redis that was down when the API started left it off for the
 * process's life: the shared store's scripts were never loaded. Here the shared store is set up
 * again, at most every `retryMs`, until it answers; counts made in memory meanwhile stay there
 * (a guesser is slowed per process, not shared, during the outage).
 */
export class FallbackStore implements Store {
  readonly localKeys = false;
  readonly prefix: string | undefined;
  private options: Options | undefined;
  private failing = false;
  private retryAfter = 0;

  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly onChange: (failing: boolean, error?: unknown) => void,
    private readonly retryMs = 10_000,
  ) {
    this.prefix = shared.prefix;
  }

  init(options: Options): void {
    this.options = options;
    void this.local.init?.(options);
    // The library logs a failed init; the first failing count switches to memory.
    void Promise.resolve(this.shared.init?.(options)).catch(() => undefined);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.use((s) => s.get?.(key));
  }

  async increment(key: string): Promise<IncrementResponse> {
    return this.use((s) => s.increment(key));
  }

  async decrement(key: string): Promise<void> {
    await this.use((s) => s.decrement(key));
  }

  async resetKey(key: string): Promise<void> {
    await this.use((s) => s.resetKey(key));
  }

  private async use<T>(op: (store: Store) => Promise<T> | T): Promise<T> {
    try {
      const answer = await op(this.shared);
      if (this.failing) {
        this.failing = false;
        this.onChange(false);
      }
      return answer;
    } catch (error) {
      if (!this.failing) {
        this.failing = true;
        this.onChange(true, error);
      }
      this.setUpAgain();
      return op(this.local);
    }
  }

  /** Loads the shared store's scripts again once in a while: a no-op for Redis that never left. */
  private setUpAgain(): void {
    const now = Date.now();
    if (!this.options || now < this.retryAfter) return;
    this.retryAfter = now + this.retryMs;
    void Promise.resolve(this.shared.init?.(this.options)).catch(() => undefined);
  }
}
