/**
 * `npm run dev`'s indexer follows the address book (docs/operations.md §5): `npm run deploy:local`
 * writes a new one under the running stack, the app reloads onto the new contracts, and the indexer
 * is restarted on them, in a schema of their own, so that every history view shows the new
 * contracts' history only (the old schema, and its rows, are left as they were).
 *
 * The schema is named by the deployment: `history_` and a hash of the address book's chain, start
 * block and addresses. The same book gives the same schema (a restart of the indexer resumes it);
 * a redeploy, a new one.
 */
import { createHash } from "node:crypto";
import { readFileSync, unwatchFile, watchFile } from "node:fs";

import type { Service } from "./stack";

interface AddressBook {
  chainId?: unknown;
  startBlock?: unknown;
  contracts?: unknown;
}

/** The schema of the deployment `addressBook` names; throws when the file is not (yet) a whole address book. */
export function deploymentSchema(addressBook: string): string {
  const { chainId, startBlock, contracts } = JSON.parse(readFileSync(addressBook, "utf8")) as AddressBook;
  if (typeof contracts !== "object" || contracts === null) throw new Error(`${addressBook} names no contracts`);
  const digest = createHash("sha256").update(JSON.stringify({ chainId, startBlock, contracts })).digest("hex");
  // PostgreSQL names are at most 63 bytes; 12 hex digits are plenty to tell deployments apart.
  return `history_${digest.slice(0, 12)}`;
}

export interface FollowOptions {
  addressBook: string;
  /** The indexer running now, on `deploymentSchema(addressBook)`. */
  indexer: Service;
  /** Starts an indexer on the address book's deployment, in `schema`, once it is ready. */
  start: (schema: string) => Promise<Service>;
  /** Told each step ("The indexer follows the new deployment…"), and an indexer that stopped by itself. */
  say: (line: string) => void;
  /** How often the file is looked at, ms. */
  intervalMs?: number;
}

export interface Following {
  /** The indexer running now; none while it restarts. */
  readonly indexer: Service | undefined;
  /** Stops looking at the file (the indexer itself stops with the stack). */
  stop(): void;
}

export function followDeployments(options: FollowOptions): Following {
  let indexer: Service | undefined = options.indexer;
  let schema = deploymentSchema(options.addressBook);
  let restarting: Promise<void> = Promise.resolve();
  let stopped = false;

  const report = (service: Service) =>
    void service.wait().then((code) => {
      if (!stopped && service === indexer) options.say(`The indexer stopped (exit ${code}); the app goes on without history:\n${service.tail()}`);
    });
  report(indexer);

  const follow = async () => {
    let next: string;
    try {
      next = deploymentSchema(options.addressBook);
    } catch {
      return; // Written as we read it: the write's own change comes next.
    }
    if (next === schema || stopped) return;
    schema = next;
    options.say("The address book changed: restarting the indexer on the new deployment…");
    const old = indexer;
    indexer = undefined; // none while it restarts: the old one's exit is not a failure
    await old?.stop();
    try {
      indexer = await options.start(next);
      report(indexer);
      options.say(`The indexer follows the new deployment (schema ${next}).`);
    } catch (error) {
      options.say(`The indexer could not start on the new deployment; the app goes on without history: ${(error as Error).message}`);
    }
  };

  // Polled, not fs.watch: deploy rewrites the file in place, and a poll sees the end of the write.
  const listener = () => {
    restarting = restarting.then(follow);
  };
  watchFile(options.addressBook, { interval: options.intervalMs ?? 300 }, listener);
  return {
    get indexer() {
      return indexer;
    },
    stop: () => {
      stopped = true;
      unwatchFile(options.addressBook, listener);
    },
  };
}
