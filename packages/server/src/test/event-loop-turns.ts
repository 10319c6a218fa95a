/** Counts the turns of the event loop (each one chance for another request) while `work` runs. */
export async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let working = true;
  const tick = () => {
    turns += 1;
    if (working) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    await work();
  } finally {
    working = false;
  }
  return turns;
}
