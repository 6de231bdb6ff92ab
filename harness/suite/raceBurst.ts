/** The burst now running in this worker; the next one waits for it. */
let previous: Promise<unknown> = Promise.resolve();

/**
 * Starts calls as close together as the OS allows and waits for all of them:
 * every `start` runs in one synchronous loop, so each spawns its process before
 * any answer is read (the callers build their bindings and payloads first).
 * Bursts of one worker run one at a time, so races between bursts never pile
 * up past one burst's size on a small machine.
 *
 * @param starts - one function per call, each starting it and returning its answer
 * @returns the answers, in the order of `starts`
 */
export async function raceBurst<T>(starts: readonly (() => Promise<T>)[]): Promise<T[]> {
  const turn = previous.then(() => Promise.all(starts.map((start) => start())));
  previous = turn.catch(() => undefined);
  return turn;
}
