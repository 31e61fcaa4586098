import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect } from "chai";
import hre from "hardhat";

import { BSC_CHAIN_ID, CONTRACT_NAMES, MAINNET_ADDRESSES, TOKEN_SYMBOLS } from "../../contracts-abi/product";
import { forkingConfig } from "../../scripts/lib/chain";
import { deployAll, deploymentName, writeAddressBook } from "../../scripts/lib/deploy";
import { PRICES, RESERVES, TOKEN_NAMES } from "../../scripts/lib/deploy-defaults";
import { loadDeployment } from "./shared/fixtures";
import { backToSuiteChain, forkOf, forkUpstream, type Upstream } from "./shared/upstream";

describe("Deployment", () => {
  it("runs on a local chain with BNB Chain's id", async () => {
    expect((await hre.ethers.provider.getNetwork()).chainId).to.equal(BigInt(BSC_CHAIN_ID));
  });

  it("writes the address book with USDT, USDC and Multicall3 at their mainnet addresses", async () => {
    const f = await loadDeployment();
    const directory = await mkdtemp(path.join(tmpdir(), "deployments-"));
    try {
      const file = await writeAddressBook(f, "hardhat", directory);
      const book = JSON.parse(await readFile(file, "utf8"));
      expect(book.chainId).to.equal(56);
      expect(book.blockNumber).to.equal(f.blockNumber);
      expect(book._generated).to.match(/do not edit/);
      expect(Object.keys(book.contracts).sort()).to.deep.equal([...TOKEN_SYMBOLS, ...CONTRACT_NAMES].sort());
      expect(book.contracts.USDT).to.equal(MAINNET_ADDRESSES.USDT);
      expect(book.contracts.USDC).to.equal(MAINNET_ADDRESSES.USDC);
      expect(book.contracts.Multicall3).to.equal(MAINNET_ADDRESSES.Multicall3);
      for (const address of Object.values<string>(book.contracts)) {
        expect(await hre.ethers.provider.getCode(address)).not.to.equal("0x", address);
      }
    } finally {
      await rm(directory, { recursive: true });
    }
  });

  it("names the localhost deployment 'local'", () => {
    expect(deploymentName("localhost", {})).to.equal("local");
    expect(deploymentName("hardhat", {})).to.equal("hardhat");
    expect(deploymentName("localhost", { DEPLOYMENT_NAME: "e2e" })).to.equal("e2e");
  });

  it("moves tokens to their mainnet address with their state", async () => {
    const f = await loadDeployment();
    for (const symbol of ["USDT", "USDC"] as const) {
      const token = f.tokens[symbol];
      expect([await token.name(), await token.symbol(), await token.decimals()]).to.deep.equal([TOKEN_NAMES[symbol], symbol, 18n]);
    }
    expect(await f.tokens.USDT.totalSupply()).to.be.greaterThan(0n);
  });

  it("serves batched reads from Multicall3 at its canonical address", async () => {
    const f = await loadDeployment();
    const calls = [
      { target: f.addresses.Main, allowFailure: false, callData: f.main.interface.encodeFunctionData("lastMiner") },
      { target: f.addresses.USDT, allowFailure: false, callData: f.tokens.USDT.interface.encodeFunctionData("balanceOf", [f.addresses.Main]) },
      { target: f.addresses.Main, allowFailure: true, callData: "0xdeadbeef" },
    ];
    const results = await f.multicall.aggregate3.staticCall(calls);
    expect(results.map((result) => result.success)).to.deep.equal([true, true, false]);
    const [reserve] = f.tokens.USDT.interface.decodeFunctionResult("balanceOf", results[1].returnData);
    expect(reserve).to.equal(RESERVES.mainUsdt);
    expect(await f.multicall.getChainId()).to.equal(56n);
  });

  it("configures the price table, wires the contracts and funds the reserves", async () => {
    const f = await loadDeployment();
    for (const symbol of TOKEN_SYMBOLS) expect(await f.main.priceOf(f.addresses[symbol])).to.equal(PRICES[symbol]);
    expect(await f.community.main()).to.equal(f.addresses.Main);
    expect(await f.revenue.main()).to.equal(f.addresses.Main);
    expect([await f.main.community(), await f.main.revenue()]).to.deep.equal([f.addresses.Community, f.addresses.Revenue]);
    expect(await f.community.genesis()).to.equal(f.deployer);
    expect(await f.tokens.ACB.balanceOf(f.addresses.Revenue)).to.equal(RESERVES.revenueAcb);
    expect(await f.tokens.X.balanceOf(f.addresses.Swap)).to.equal(RESERVES.swap.X);
  });

  describe("at the mainnet addresses", function () {
    this.timeout(240_000);
    const MAINNET_NAMES = Object.keys(MAINNET_ADDRESSES) as (keyof typeof MAINNET_ADDRESSES)[];
    /** The deploy's lines about the mainnet addresses, in its order. */
    const keptLines = (lines: string[]) => lines.filter((line) => MAINNET_NAMES.some((name) => line.startsWith(`${name} `)));
    const deployLines = async () => {
      const lines: string[] = [];
      await deployAll(hre, { log: (line) => lines.push(line.replace(/ +/g, " ")) });
      return keptLines(lines);
    };
    let upstream: Upstream;

    before(async function () {
      upstream = await forkUpstream();
    });

    after(backToSuiteChain);

    it("on a local chain, says it placed a mock at each, and kept those of an earlier deploy", async function () {
      if (forkingConfig(process.env)) this.skip(); // the suite runs on a fork: the next test is the one
      await backToSuiteChain();
      expect(await deployLines()).to.deep.equal(MAINNET_NAMES.map((name) => `${name} ${MAINNET_ADDRESSES[name]} placed a mock`));
      expect(await deployLines()).to.deep.equal(MAINNET_NAMES.map((name) => `${name} ${MAINNET_ADDRESSES[name]} kept the mock an earlier deploy placed`));
    });

    it("on a fork of BNB Chain, says it kept BNB Chain's contract at each, and places no mock", async () => {
      await forkOf(upstream);
      const upstreamCode = await Promise.all(MAINNET_NAMES.map((name) => hre.ethers.provider.getCode(MAINNET_ADDRESSES[name])));
      expect(await deployLines()).to.deep.equal(MAINNET_NAMES.map((name) => `${name} ${MAINNET_ADDRESSES[name]} kept BNB Chain's contract`));
      const after = await Promise.all(MAINNET_NAMES.map((name) => hre.ethers.provider.getCode(MAINNET_ADDRESSES[name])));
      expect(after).to.deep.equal(upstreamCode);
    });

    it("on a fork without Multicall3 at its address, stops with one sentence instead of placing a mock", async () => {
      await forkOf(upstream);
      await hre.network.provider.request({ method: "hardhat_setCode", params: [MAINNET_ADDRESSES.Multicall3, "0x"] });
      const failure = await deployAll(hre).then(
        () => expect.fail("the deploy went on"),
        (error: Error) => error.message,
      );
      expect(failure).to.equal(
        `BNB Chain's Multicall3 has no code at ${MAINNET_ADDRESSES.Multicall3} on this fork (block ${upstream.blockNumber}), so the deploy stopped rather than place a mock there: point BSC_FORK_URL at BNB Chain mainnet, at a block after the contract was deployed.`,
      );
      expect(await hre.ethers.provider.getCode(MAINNET_ADDRESSES.Multicall3)).to.equal("0x");
    });
  });
});
