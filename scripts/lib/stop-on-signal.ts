/**
 * What a process started stops with it, on Ctrl-C (SIGINT), a SIGTERM (CI's timeout, an outside
 * `kill`) or a SIGHUP: the children this process started in process groups of their own (a
 * `hardhat node`, the account API, the indexer, which a terminal's Ctrl-C does not reach) and the
 * servers it started as daemons (PostgreSQL through `pg_ctl`). Each registers how it stops; the
 * first signal runs every stop, then exits with 128 + the signal's number (130, 143, 129).
 *
 * A second signal exits at once. The handler is installed once, the first time something
 * registers. A process with a shutdown of its own (scripts/dev.ts: a Ctrl-C is its normal stop, exit
 * 0, and it stops what it started itself) calls `takeOverSignals` first.
 */
type Stop = (signal: NodeJS.Signals) => Promise<void> | void;

const stops = new Set<Stop>();
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
let installed = false;
let stoppingNow = false;
let takenOver = false;

/** This process stops what it started on a signal itself: the handler here does nothing. */
export function takeOverSignals(): void {
  takenOver = true;
}

/** Whether a signal is being handled: this process exits once every stop has run, with its code. */
export const stopping = (): boolean => stoppingNow;

/** Registers `stop` to run on a signal; returns what unregisters it (call it once stopped). */
export function stopOnSignal(stop: Stop): () => void {
  install();
  stops.add(stop);
  return () => void stops.delete(stop);
}

function install(): void {
  if (installed) return;
  installed = true;
  for (const signal of Object.keys(EXIT_CODES) as (keyof typeof EXIT_CODES)[]) {
    process.on(signal, () => {
      if (takenOver) return;
      if (stoppingNow) process.exit(EXIT_CODES[signal]);
      stoppingNow = true;
      void Promise.allSettled([...stops].map(async (stop) => stop(signal))).finally(() => process.exit(EXIT_CODES[signal]));
    });
  }
}
