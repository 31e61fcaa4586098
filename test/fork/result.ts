/** Where the fork run's browser synthesis leaves what happened, for the fork run to print (run.ts). */
import path from "node:path";

export const FORK_SYNTHESIS_RESULT = path.resolve(__dirname, "../../test-results/fork-synthesis.json");

export interface ForkSynthesisResult {
  forkBlock: number;
  hashrate: string;
  paidUsdt: string;
  record: string;
  /** The block the dev command's indexer read from (the deployment's first), and the activity row that showed the synthesis. */
  indexedFrom: number;
  historyRow: string;
}
