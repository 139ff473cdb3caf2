/**
 * Write coalescing (group commit in the application): calls made while the event loop is busy are
 * gathered and written by one statement instead of one each. Under a burst of visitors this turns
 * hundreds of round trips into a handful; alone, a call waits one `setImmediate` (microseconds).
 *
 * `run` gets the gathered inputs and returns one output per input, in order. When a gathered
 * batch fails, each input is tried again on its own, so one bad input (a conversation deleted a
 * moment ago) fails only its own caller. At most `maxInFlight` batches run at once: while they do,
 * new calls gather for the next one, which is what makes the batches grow with the load.
 */
export interface BatchOptions {
  /** Inputs per statement (bounds its size and its parameters). Default 200. */
  maxBatch?: number;
  /** Batches running at once (each holds a pool connection). Default 2. */
  maxInFlight?: number;
  /**
   * How long a batch gathers before it is written, in ms. Default 0: one `setImmediate`, for
   * callers that wait on the write. Writes that nobody waits on (a job marked done, a notification
   * to other replicas) gather a few milliseconds: many fewer round trips for a delay nobody sees.
   */
  gatherMs?: number;
}

interface Pending<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (err: unknown) => void;
}

export function createBatcher<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  options: BatchOptions = {},
): (input: I) => Promise<O> {
  const maxBatch = options.maxBatch ?? 200;
  const maxInFlight = options.maxInFlight ?? 2;
  const gatherMs = options.gatherMs ?? 0;
  let queue: Pending<I, O>[] = [];
  let scheduled = false;
  let inFlight = 0;

  const runOne = async (p: Pending<I, O>) => {
    try {
      const [output] = await run([p.input]);
      p.resolve(output as O);
    } catch (err) {
      p.reject(err);
    }
  };

  const settle = async (batch: Pending<I, O>[]) => {
    if (batch.length === 1) return runOne(batch[0] as Pending<I, O>);
    let outputs: O[];
    try {
      outputs = await run(batch.map((p) => p.input));
    } catch {
      // One bad input must not fail the others: each is tried on its own (and fails on its own).
      await Promise.all(batch.map(runOne));
      return;
    }
    if (outputs.length !== batch.length) {
      const err = new Error(`batch returned ${outputs.length} results for ${batch.length} inputs`);
      for (const p of batch) p.reject(err);
      return;
    }
    for (const [i, p] of batch.entries()) p.resolve(outputs[i] as O);
  };

  const flush = () => {
    scheduled = false;
    while (queue.length > 0 && inFlight < maxInFlight) {
      const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
      queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
      inFlight++;
      void settle(batch).finally(() => {
        inFlight--;
        schedule();
      });
    }
  };

  const schedule = () => {
    if (scheduled || queue.length === 0 || inFlight >= maxInFlight) return;
    scheduled = true;
    if (gatherMs > 0) setTimeout(flush, gatherMs);
    else setImmediate(flush);
  };

  return (input: I) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      schedule();
    });
}

/**
 * A batch as one JSON parameter (`jsonb_to_recordset`). Strings are made well-formed first: a lone
 * surrogate (valid in a JS string, sent by a hostile client) is refused by jsonb, whereas a text
 * parameter would have stored it as U+FFFD; this keeps that behaviour.
 */
export function jsonRows(rows: unknown[]): string {
  return JSON.stringify(rows, (_key, value) =>
    typeof value === "string" ? (value as string & { toWellFormed(): string }).toWellFormed() : value,
  );
}
