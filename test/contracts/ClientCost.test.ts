/**
 * The synthesis cost the web app shows (web/src/features/mining/synthesis-cost.ts, the client's one
 * home of the formula) is what Main charges: Main.costOf over prices from the lowest Main accepts
 * to the highest, and hashrates from one unit to the most one synthesis takes, including the
 * roundings at the edges.
 */
import { expect } from "chai";

import { synthesisCost } from "../../web/src/features/mining/synthesis-cost";
import { loadMembers, setPriceNow } from "./shared/fixtures";

const MIN_PRICE = 10n ** 9n;
const MAX_PRICE = 2n ** 96n - 1n;

/** A fixed sequence (xorshift), so a failure names the same figures on every run. */
function* figures(seed: bigint): Generator<bigint> {
  let x = seed;
  const mask = 2n ** 64n - 1n;
  for (;;) {
    x ^= (x << 13n) & mask;
    x ^= x >> 7n;
    x ^= (x << 17n) & mask;
    yield x;
  }
}

describe("the web app's synthesis cost", function () {
  it("equals Main.costOf for prices and hashrates across their ranges", async function () {
    const f = await loadMembers();
    const maxHashrate = await f.main.maxHashrate();
    const random = figures(0x9e3779b97f4a7c15n);
    // Two 64-bit draws make one of 128 bits: prices run up to 2^96.
    const next = (below: bigint) => ((random.next().value << 64n) | random.next().value) % below;
    const prices = [MIN_PRICE, MIN_PRICE + 1n, 3n * 10n ** 17n, 10n ** 18n, 7n * 10n ** 18n + 1n, MAX_PRICE];
    for (let i = 0; i < 14; i += 1) prices.push(MIN_PRICE + next(MAX_PRICE - MIN_PRICE));
    const hashrates = [1n, 2n, 3n, 7n, 20n, 100n, 999_999n, maxHashrate];
    let compared = 0;
    for (const price of prices) {
      await setPriceNow(f, "USDT", price);
      const drawn = [...hashrates, next(maxHashrate) + 1n, next(maxHashrate) + 1n];
      for (const hashrate of drawn) {
        expect(synthesisCost(hashrate, price), `${hashrate} hashrate at price ${price}`).to.equal(await f.main.costOf(f.addresses.USDT, hashrate));
        compared += 1;
      }
    }
    expect(compared).to.equal(prices.length * (hashrates.length + 2));
  });
});
