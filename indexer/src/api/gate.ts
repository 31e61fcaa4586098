/**
 * Fair shares between clients (docs/decisions/indexer.md, "No client can stall it"). Each client
 * runs at most `concurrency` requests at once; its others wait in its own line, in order, and one
 * whose client leaves while waiting leaves the line. Past `maxWaiting` waiting, a client's next
 * request is refused at once (429) rather than queued without end.
 *
 * So a client that keeps many heavy requests open (16 pages of 100 orders in the benchmark) runs
 * one at a time: it cannot hold the database's connections or queue ahead of others, and another
 * client's request starts at once, never behind its line. And a client that keeps requests waiting
 * rests between them (`rest`), while another client has requests too: its next starts only after a
 * pause as long as its last one took times `rest` times how many it keeps waiting, at most
 * `maxRestMs`. With k waiting and `rest` r it earns at most 1/(rk+1) of the server's time
 * (its one thread, and a core of the database): the harder a client floods, the less of the
 * server it holds, so another client's request seldom meets one of its requests running (the
 * benchmark's 16 held open: under the 5% of the time that another client's p95 would see; with a
 * rest as long as the request, half, and the other client's p95 was its time alone plus one heavy
 * request: docs/performance.md §6). A page that reads three lists at once waits a few milliseconds more;
 * a client that floods waits its turn. How many requests a client may send is
 * the front door's to limit (nginx's rate per client, docs/operations.md §3): a rate here would
 * also slow the benchmark's own clients, which ask as fast as they are answered.
 *
 * A client is its address: the connection's, or, behind a reverse proxy, the last address of the
 * header it writes (INDEXER_CLIENT_IP_HEADER=x-forwarded-for), believed from trusted proxies only
 * (./client.ts). Without the header, every request through the proxy would share one line.
 */

/**
 * The API's settings (./index.ts, with INDEXER_CLIENT_CONCURRENCY): 20 waiting, past that 429 at
 * once; with k waiting while another client has some, a rest 2k times as long as the last request
 * took, at most 250 ms. The benchmark's flood of 16 (a page of orders, about 8 ms) then runs about
 * 3% of the time, under the 5% another client's p95 sees. The line is short because a rest is
 * long: each request ahead costs up to 250 ms more, so a twentieth waits about 5 s, the longest any
 * request is kept (REQUEST_TIMEOUT_MS); one further back would only time out.
 */
export const API_GATE = { maxWaiting: 20, rest: 2, maxRestMs: 250 } as const;

/** The client is over its share of waiting requests. */
export class TooManyRequests extends Error {}

export interface GateSettings {
  /** Requests one client runs at once. */
  concurrency: number;
  /** Requests one client may have waiting. */
  maxWaiting: number;
  /** How long a client with requests waiting rests before the next starts, as a share of how long
   *  the last one took, for each request it has waiting (2: twice as long, times the waiting; 0: no rest). */
  rest: number;
  /** The longest rest, ms. */
  maxRestMs: number;
}

interface Line {
  running: number;
  waiting: (() => void)[];
}

/** A client whose last request ended this recently is still about (between two requests): the
 *  rest of another is still its time. */
const RECENT_MS = 1_000;

export class Gate {
  private readonly lines = new Map<string, Line>();
  /** The client whose line ended last, and when. */
  private lastClosed: { client: string | undefined; at: number } = { client: undefined, at: -Infinity };

  constructor(private readonly settings: GateSettings) {}

  /** Resolves when `client` may run one more request, with the function that ends it; rejects if the signal aborts first. */
  async enter(client: string, signal: AbortSignal): Promise<() => void> {
    const line = this.lines.get(client) ?? { running: 0, waiting: [] };
    this.lines.set(client, line);
    if (line.running < this.settings.concurrency) {
      line.running += 1;
    } else if (line.waiting.length >= this.settings.maxWaiting) {
      throw new TooManyRequests();
    } else {
      // Woken by a request of the same client that ends, which hands its place over (running stays).
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          signal.removeEventListener("abort", leave);
          resolve();
        };
        const leave = () => {
          line.waiting.splice(line.waiting.indexOf(turn), 1);
          reject(signal.reason);
        };
        line.waiting.push(turn);
        signal.addEventListener("abort", leave, { once: true });
      });
    }
    const started = performance.now();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const handOver = () => {
        const next = line.waiting.shift();
        if (next) return next();
        line.running -= 1;
        if (line.running === 0) {
          this.lines.delete(client);
          this.lastClosed = { client, at: performance.now() };
        }
      };
      // The place stays taken while the client rests; a request that leaves meanwhile leaves the line.
      // The more it keeps waiting, the longer: k waiting earn it at most 1/(rest·k+1) of the server. Only
      // while another client has a line or had one a moment ago (it may be between two requests:
      // someone to give the time to), and never past maxRestMs: a
      // client alone (every user behind a proxy that names none) is not slowed for nobody, and a
      // slow server does not turn a flood's rest into minutes.
      const others = this.lines.size > 1 || (this.lastClosed.client !== client && performance.now() - this.lastClosed.at < RECENT_MS);
      const rest = others ? Math.min((performance.now() - started) * this.settings.rest * line.waiting.length, this.settings.maxRestMs) : 0;
      if (rest < 1) handOver();
      else setTimeout(handOver, rest);
    };
  }

  /** How many clients have a line (running or waiting requests): none are kept once idle. */
  get clients(): number {
    return this.lines.size;
  }
}
