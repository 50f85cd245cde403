import { useSyncExternalStore } from 'react';

/**
 * Whether some request is waiting to be sent again because the server said it was
 * overloaded (lib/api.ts): the app shows "Ruche est très sollicité, nouvel essai…" meanwhile
 * instead of a spinner that says nothing.
 */
class OverloadNotice {
  private waiting = 0;
  private readonly listeners = new Set<() => void>();

  /** Wait `ms` before a retry, counted as waiting on an overloaded server. */
  async wait(ms: number): Promise<void> {
    const end = this.begin();
    try {
      await new Promise((resolve) => setTimeout(resolve, ms));
    } finally {
      end();
    }
  }

  /** Start waiting on an overloaded server; call what it returns once, when done. */
  begin(): () => void {
    this.change(1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.change(-1);
    };
  }

  get active(): boolean {
    return this.waiting > 0;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private change(by: number): void {
    const before = this.active;
    this.waiting += by;
    if (before !== this.active) for (const listener of this.listeners) listener();
  }
}

export const overloadNotice = new OverloadNotice();

export const useOverloadNotice = (): boolean =>
  useSyncExternalStore(overloadNotice.subscribe, () => overloadNotice.active);
