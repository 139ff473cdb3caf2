import { describe, expect, it } from "vitest";
import { createBatcher, jsonRows } from "./batch";

/** A `run` that records each batch it was given and doubles its inputs (or fails on a 13). */
function recorder(opts: { hold?: Promise<void> } = {}) {
  const batches: number[][] = [];
  const run = async (inputs: number[]) => {
    batches.push([...inputs]);
    await opts.hold;
    if (inputs.includes(13)) throw new Error("unlucky");
    return inputs.map((n) => n * 2);
  };
  return { batches, run };
}

describe("createBatcher", () => {
  it("runs calls made in the same turn as one batch, each caller getting its own output", async () => {
    const { batches, run } = recorder();
    const call = createBatcher(run);
    const outputs = await Promise.all([1, 2, 3, 4].map(call));
    expect(outputs).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it("runs a lone call on its own", async () => {
    const { batches, run } = recorder();
    const call = createBatcher(run);
    expect(await call(5)).toBe(10);
    expect(await call(6)).toBe(12);
    expect(batches).toEqual([[5], [6]]);
  });

  it("fails only the caller whose input fails: a failed batch is retried one input at a time", async () => {
    const { batches, run } = recorder();
    const call = createBatcher(run);
    const settled = await Promise.allSettled([1, 13, 3].map(call));
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value : (s.reason as Error).message))).toEqual([
      2,
      "unlucky",
      6,
    ]);
    expect(batches).toEqual([[1, 13, 3], [1], [13], [3]]);
  });

  it("gathers the calls made while batches run into the next batch, with at most maxInFlight running", async () => {
    let release = () => {};
    const hold = new Promise<void>((r) => {
      release = r;
    });
    const { batches, run } = recorder({ hold });
    const call = createBatcher(run, { maxInFlight: 1 });
    const first = call(1);
    await new Promise((r) => setImmediate(r));
    // The first batch is running (held): these wait, and go together once it ends.
    const rest = [2, 3, 4].map(call);
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it("splits a large gathering into batches of maxBatch", async () => {
    const { batches, run } = recorder();
    const call = createBatcher(run, { maxBatch: 2, maxInFlight: 3 });
    expect(await Promise.all([1, 2, 3, 4, 5].map(call))).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("rejects every caller when a batch returns the wrong number of outputs", async () => {
    const call = createBatcher(async (inputs: number[]) => inputs.slice(1));
    const settled = await Promise.allSettled([1, 2, 3].map(call));
    expect(settled.every((s) => s.status === "rejected")).toBe(true);
  });
});

describe("jsonRows", () => {
  it("sends a lone surrogate as U+FFFD, as a text parameter would store it (jsonb refuses it)", () => {
    const sent = jsonRows([{ content: "hi \ud800 there", n: 1 }]);
    expect(JSON.parse(sent)).toEqual([{ content: "hi \ufffd there", n: 1 }]);
  });
});
