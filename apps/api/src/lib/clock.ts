/**
 * The app's notion of "now". Production reads the system clock; with TEST_CLOCK enabled (never in
 * production) tests may move it forward to reach period ends without waiting a month.
 */
export function createClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
      return new Date(Date.now() + offsetMs);
    },
  };
}
export type Clock = ReturnType<typeof createClock>;
