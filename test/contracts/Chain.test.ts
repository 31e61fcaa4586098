import { expect } from "chai";

import { DEFAULT_FORK_BLOCK, bscHardforkHistory, forkingConfig, resetParams } from "../../scripts/lib/chain";

describe("Chain configuration", () => {
  it("does not fork without BSC_FORK_URL", () => {
    expect(forkingConfig({})).to.equal(undefined);
    expect(forkingConfig({ BSC_FORK_URL: "  ", BSC_FORK_BLOCK: "123" })).to.equal(undefined);
  });

  it("forks at the pinned default block when only the URL is given", () => {
    expect(forkingConfig({ BSC_FORK_URL: "https://bsc.example/rpc" })).to.deep.equal({
      url: "https://bsc.example/rpc",
      blockNumber: DEFAULT_FORK_BLOCK,
      enabled: true,
    });
  });

  it("forks at BSC_FORK_BLOCK when given, and refuses a bad one", () => {
    expect(forkingConfig({ BSC_FORK_URL: "https://bsc.example/rpc", BSC_FORK_BLOCK: "45000000" })?.blockNumber).to.equal(45_000_000);
    expect(() => forkingConfig({ BSC_FORK_URL: "https://bsc.example/rpc", BSC_FORK_BLOCK: "next" })).to.throw('BSC_FORK_BLOCK must be a positive block number or "latest", got "next".');
  });

  it('accepts BSC_FORK_BLOCK=latest: the upstream\'s head, no block pinned', () => {
    expect(forkingConfig({ BSC_FORK_URL: "https://bsc.example/rpc", BSC_FORK_BLOCK: "latest" })).to.deep.equal({ url: "https://bsc.example/rpc", enabled: true });
    expect(resetParams({ BSC_FORK_URL: "https://bsc.example/rpc", BSC_FORK_BLOCK: "latest" })).to.deep.equal([{ forking: { jsonRpcUrl: "https://bsc.example/rpc" } }]);
  });

  it("knows BNB Chain's hardforks up to before the default fork block, in order", () => {
    const blocks = Object.values(bscHardforkHistory);
    expect(blocks).to.deep.equal([...blocks].sort((a, b) => a - b));
    expect(Math.max(...blocks)).to.be.lessThan(DEFAULT_FORK_BLOCK);
    expect(Object.keys(bscHardforkHistory)).to.include.members(["berlin", "london", "shanghai", "cancun", "prague"]);
  });
});
