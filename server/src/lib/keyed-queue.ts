/**
 * Runs the tasks given for one key one after another, in the order they were given; tasks of
 * different keys run side by side. A key is forgotten once its last task has settled.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run(key: string, task: () => Promise<void>): Promise<void> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task waiting or running. */
  get size(): number {
    return this.tails.size;
  }
}
