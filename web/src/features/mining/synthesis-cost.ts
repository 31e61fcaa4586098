/**
 * What a synthesis costs: the one home of the formula on the client. Main.costOf computes the same
 * on chain (test/contracts/ClientCost.test.ts compares the two over many prices and hashrates), so
 * the figure shown is the figure charged. No imports but a relative one: that test loads it in Node.
 */
import { ONE } from "../../config/units";

/** Tokens to pay for `hashrate` units at `price` (USD per token, 18 decimals), rounded up as Main does. */
export function synthesisCost(hashrate: bigint, price: bigint): bigint {
  const numerator = hashrate * ONE * ONE;
  return (numerator + price - 1n) / price;
}
