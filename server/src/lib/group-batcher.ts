export interface GroupBatcherOptions {
  /** Batches running at once; what arrives meanwhile waits and leaves together in the next. */
  concurrency: number;
  maxBatchSize: number;
}

interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

/**
 * Group commit for the store: `work` gets the items gathered since the last batch left, and
 * at most `concurrency` batches run at once. When the store is idle an item leaves at the
 * end of the turn it arrived in (so a lone send waits for nothing); under load the items
 * that arrive while every slot is busy pile up and leave together as soon as one frees, so
 * batches grow with the load instead of splintering into many small statements that
 * contend for the same two cores (DataLoader has no such bound: docs/performance-log.md,
 * "Current figures", "What changed" 2).
 * `work` answers each item by position: a value, or an Error for that item alone.
 */
export class GroupBatcher<I, O> {
  private queue: Array<Waiting<I, O>> = [];
  private running = 0;
  private scheduled = false;

  constructor(
    private readonly work: (items: I[]) => Promise<ReadonlyArray<O | Error>>,
    private readonly options: GroupBatcherOptions,
  ) {}

  load(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.scheduled && this.running < this.options.concurrency) {
        this.scheduled = true;
        // setImmediate: everything read in this turn's I/O joins the batch.
        setImmediate(this.dispatch);
      }
    });
  }

  private readonly dispatch = (): void => {
    this.scheduled = false;
    while (this.running < this.options.concurrency && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatchSize);
      this.running++;
      void this.run(batch);
    }
  };

  private async run(batch: Array<Waiting<I, O>>): Promise<void> {
    try {
      const results = await this.work(batch.map((w) => w.item));
      batch.forEach((w, i) => {
        const result = results[i];
        if (result instanceof Error) w.reject(result);
        else w.resolve(result as O);
      });
    } catch (err) {
      for (const w of batch) w.reject(err);
    } finally {
      this.running--;
      this.dispatch();
    }
  }
}
