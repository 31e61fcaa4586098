/**
 * The chain tasks (scripts/tasks/, docs/operations.md §7), run in-process as `npx hardhat <task>`
 * runs them, on the real local deployment: each one's effect on the chain and the lines it prints,
 * its refusals of bad input (one sentence, nothing sent), the refusal of anything that may be
 * mainnet, its --help, and the walk-through of the docs: a member from registration to a claim a
 * day later, with tasks only (the app's two transactions made here as the app makes them).
 * The owner-change tasks: OwnerTasks.test.ts.
 */
import { execFile } from "node:child_process";
import { promisify, stripVTControlCharacters } from "node:util";

import { mine } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { Wallet, id, parseEther } from "ethers";
import hre from "hardhat";
import type { EthereumProvider, Network } from "hardhat/types";

import { MockToken__factory } from "../../mocks/types";
import { synthesize } from "../../scripts/lib/actions";
import { CHAIN_TASKS } from "../../scripts/tasks";
import { head, refusalOf, runTask, withTaskDeployment } from "./shared/tasks";

const run = promisify(execFile);

/** A fresh address, holding nothing. */
const fresh = (label: string) => new Wallet(id(`chain tasks: ${label}`), hre.ethers.provider);

/** Arguments each task requires, so that a refusal comes from the task, not from Hardhat's parser. */
const REQUIRED: Record<(typeof CHAIN_TASKS)[number], Record<string, string>> = {
  time: { by: "1h" },
  mine: {},
  fund: { to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", amount: "1" },
  price: { token: "X" },
  register: { member: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", referrer: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" },
  account: { address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
  snapshot: {},
  revert: { id: "0x1" },
  "owner:schedule": { contract: "Revenue", function: "setDailyRate" },
  "owner:list": {},
  "owner:execute": {},
  "owner:cancel": {},
};

/** Runs `body` with another network standing in for the test one (Hardhat declares hre.network read-only). */
async function onNetwork<T>(network: Partial<Network>, body: () => Promise<T>): Promise<T> {
  const real = hre.network;
  (hre as { network: Network }).network = { ...real, ...network };
  try {
    return await body();
  } finally {
    (hre as { network: Network }).network = real;
  }
}

/** A JSON-RPC provider that answers as a BNB Chain node does: chain 56, and no Hardhat methods. */
function bnbChainNode(): EthereumProvider {
  const request = async ({ method }: { method: string }) => {
    if (method === "eth_chainId") return "0x38";
    throw Object.assign(new Error(`the method ${method} does not exist/is not available`), { code: -32601 });
  };
  return { request } as unknown as EthereumProvider;
}

describe("Chain tasks", () => {
  const { load } = withTaskDeployment();

  describe("time and mine", () => {
    for (const [by, seconds, said] of [["90s", 90, "1m 30s"], ["2h", 7_200, "2h"], ["3d", 259_200, "3d"], ["1d12h", 129_600, "1d 12h"]] as const) {
      it(`time --by ${by} moves the clock on ${seconds} s and mines one block there`, async () => {
        await load();
        // A block now: the head may be as old as the tests before this one took (the next block's
        // time is the wall clock's, plus what was moved on).
        await mine();
        const before = await head();
        const { lines } = await runTask("time", { by });
        const after = await head();
        expect(after.number).to.equal(before.number + 1);
        // The clock moves as evm_increaseTime moves it: on top of the second or two the test takes.
        expect(after.timestamp - before.timestamp).to.be.within(seconds, seconds + 5);
        expect(lines).to.have.length(1);
        expect(lines[0]).to.match(new RegExp(`^Moved the clock on ${said} \\(${seconds} s\\): block ${after.number} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC, .+ after block ${before.number}\\.$`));
      });
    }

    it("mine mines one block by default, or as many as --blocks says", async () => {
      await load();
      const start = await head();
      expect((await runTask("mine")).lines).to.deep.equal([`Mined 1 block: the head is block ${start.number + 1} at ${utcOf((await head()).timestamp)}.`]);
      const { lines } = await runTask("mine", { blocks: "25" });
      expect((await head()).number).to.equal(start.number + 26);
      expect(lines[0]).to.match(new RegExp(`^Mined 25 blocks: the head is block ${start.number + 26} at `));
    });

    it("refuses a duration or a count it cannot read, and moves nothing", async () => {
      await load();
      const start = await head();
      for (const by of ["2x", "h2", "1.5h", "-3d", "0", "0s", "1d 5", ""]) {
        expect(await refusalOf("time", { by })).to.match(/^--by '.*' (is not a duration: give seconds, or parts with units s, m, h, d, such as 90s, 10m, 2h, 3d or 1d12h|must be more than 0 seconds)\.$/);
      }
      for (const blocks of ["0", "many", "2.5"]) expect(await refusalOf("mine", { blocks })).to.match(/^--blocks '.*' is not a whole number of at least 1\.$/);
      expect(await head()).to.deep.equal(start);
    });
  });

  describe("fund", () => {
    it("gives BNB, adding to what the address holds", async () => {
      await load();
      const to = fresh("bnb").address;
      expect((await runTask("fund", { to, amount: "10" })).lines).to.deep.equal([`Funded ${to} with 10 BNB: it holds 10 BNB.`]);
      expect((await runTask("fund", { to, amount: "2.5", token: "bnb" })).lines).to.deep.equal([`Funded ${to} with 2.5 BNB: it holds 12.5 BNB.`]);
      expect(await hre.ethers.provider.getBalance(to)).to.equal(parseEther("12.5"));
    });

    it("gives a product token by its symbol, in any case, in whole tokens", async () => {
      const f = await load();
      const to = fresh("tokens").address;
      expect((await runTask("fund", { to, amount: "1000", token: "USDT" })).lines).to.deep.equal([`Funded ${to} with 1,000 USDT: it holds 1,000 USDT.`]);
      expect((await runTask("fund", { to, amount: "0.25", token: "acb" })).lines).to.deep.equal([`Funded ${to} with 0.25 ACB: it holds 0.25 ACB.`]);
      expect(await f.tokens.USDT.balanceOf(to)).to.equal(parseEther("1000"));
      expect(await f.tokens.ACB.balanceOf(to)).to.equal(parseEther("0.25"));
    });

    it("gives any ERC-20 by its address, a token deploy did not place (its balance slot written)", async () => {
      await load();
      // A stand-in token: the mock's code and a byte more, so it is not the mock fund mints with.
      const standIn = "0x00000000000000000000000000000000005eed01";
      const [deployer] = await hre.ethers.getSigners();
      const mock = await new MockToken__factory(deployer).deploy("Stand-in", "SIN", deployer.address);
      await hre.ethers.provider.send("hardhat_setCode", [standIn, `${await hre.ethers.provider.getCode(await mock.getAddress())}00`]);
      const to = fresh("stand-in").address;
      const { lines } = await runTask("fund", { to, amount: "42", token: standIn });
      // Its storage is empty, its symbol too: the line names it by its address.
      const address = hre.ethers.getAddress(standIn);
      expect(lines).to.deep.equal([`Funded ${to} with 42 ${address}: it holds 42 ${address}.`]);
      expect(await MockToken__factory.connect(standIn, hre.ethers.provider).balanceOf(to)).to.equal(parseEther("42"));
    });

    it("refuses a bad address, a bad amount and an unknown token in one sentence, and sends nothing", async () => {
      const f = await load();
      const to = fresh("refused").address;
      const start = await head();
      expect(await refusalOf("fund", { to: "0x1234", amount: "1" })).to.equal(`--to '0x1234' is not an address: give 0x and 40 hex digits, such as 0x70997970C51812dc3A010C7d01b50e0d17dc79C8.`);
      // Account #1's address with one letter's case changed (C to c): still hex, no longer its checksum.
      const mistyped = "0x70997970c51812dc3A010C7d01b50e0d17dc79C8";
      expect(await refusalOf("fund", { to: mistyped, amount: "1" })).to.equal(`--to '${mistyped}' fails its checksum (EIP-55): a letter's case is wrong, so the address may be mistyped; copy it again.`);
      // All in one case, an address carries no checksum, and is taken as it is.
      expect((await runTask("fund", { to: mistyped.toLowerCase(), amount: "1" })).lines[0]).to.match(/^Funded 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 with 1 BNB: /);
      for (const amount of ["1,000", "-5", "abc", "1e18", "0.0000000000000000001"]) {
        expect(await refusalOf("fund", { to, amount, token: "USDT" })).to.equal(`--amount '${amount}' is not an amount: give a number of whole tokens such as 1000 or 0.5, with at most 18 decimals and no separators.`);
      }
      expect(await refusalOf("fund", { to, amount: "0" })).to.equal("--amount is 0: give more than nothing.");
      expect(await refusalOf("fund", { to, amount: "1", token: "FOO" })).to.equal(
        "--token 'FOO' is not a token here: give one of MV, ACB, USDT, USDX, X, WXB, USDC, FTB, ZYB, or the address of an ERC-20 on this chain.",
      );
      const nothing = "0x000000000000000000000000000000000000dEaD";
      expect(await refusalOf("fund", { to, amount: "1", token: nothing })).to.equal(`--token '${nothing}' is not a token here: there is no contract at ${nothing} on this chain.`);
      expect(await refusalOf("fund", { to, amount: "1", token: f.addresses.Main })).to.equal(
        `--token '${f.addresses.Main}' is not a token here: the contract at ${f.addresses.Main} does not answer decimals(), as an ERC-20 does.`,
      );
      expect((await head()).number).to.equal(start.number);
      expect(await hre.ethers.provider.getBalance(to)).to.equal(0n);
    });
  });

  describe("price", () => {
    it("shows the price, sets a step within the guard at once, and has Main announce a larger move", async () => {
      const f = await load();
      const shown = await runTask("price", { token: "X" });
      expect(shown.lines).to.deep.equal([
        "X: 0.5 USD on Main.",
        "  Main's price guard: a step of at most 10% applies at once, one every 1d; anything more is announced 1d ahead",
      ]);
      // A day after deploy set it, one step within the guard applies at once, through the price setter.
      await runTask("time", { by: "1d" });
      const set = await runTask("price", { token: "X", usd: "0.52" });
      expect(set.lines[0]).to.match(/^Set X to 0\.52 USD in block \d+, in force now \(it was 0\.5 USD\)\.$/);
      expect(await f.main.priceOf(f.addresses.X)).to.equal(parseEther("0.52"));
      // A second move, larger than a step: Main announces it a day ahead, and the price stays.
      const announced = await runTask("price", { token: "x", usd: "0.8" });
      expect(announced.lines[0]).to.match(/^Announced X at 0\.8 USD in block \d+, in force from .* UTC \(in 1d\); 0\.52 USD until then\.$/);
      expect(await f.main.priceOf(f.addresses.X)).to.equal(parseEther("0.52"));
      const [pending, effectiveAt] = await f.main.pendingPrice(f.addresses.X);
      expect(pending).to.equal(parseEther("0.8"));
      expect(effectiveAt).to.equal(BigInt((await head()).timestamp) + 86_400n);
      expect((await runTask("price", { token: "X" })).lines[1]).to.match(/^ {2}announced: 0\.8 USD from .* UTC \(in 1d\)$/);
    });

    it("refuses an unknown token and a price it cannot read, and says in one sentence what Main refused", async () => {
      const f = await load();
      expect(await refusalOf("price", { token: "DOGE" })).to.match(/^--token 'DOGE' is not a token here: give one of MV, /);
      expect(await refusalOf("price", { token: "X", usd: "½" })).to.match(/^--usd '½' is not an amount: /);
      // More than Main's largest price (2^96 - 1 wei): its own error, decoded with its ABI, and
      // nothing sent (a node like BNB Chain's would have mined it, reverted).
      const before = await head();
      expect(await refusalOf("price", { token: "X", usd: "100000000000" })).to.equal("Main refuses 100,000,000,000 USD for X: MainInvalidConfig().");
      expect(await head()).to.deep.equal(before);
      expect(await f.main.priceOf(f.addresses.X)).to.equal(parseEther("0.5"));
    });
  });

  describe("register", () => {
    it("registers an address the node holds no key for, under a member, as its own transaction", async () => {
      const f = await load();
      const member = fresh("member").address;
      await runTask("fund", { to: member, amount: "1" });
      const { lines } = await runTask("register", { member: member.toLowerCase(), referrer: f.genesis });
      expect(lines).to.deep.equal([`Registered ${member} under ${f.genesis} in block ${(await head()).number}: ${f.genesis} has 1 direct member now.`]);
      expect(await f.community.inviterOf(member)).to.equal(f.genesis);
      // It paid its own gas, and the node signs for it no more.
      expect(await hre.ethers.provider.getBalance(member)).to.be.lessThan(parseEther("1"));
      const unsigned = await hre.ethers.provider.send("eth_sendTransaction", [{ from: member, to: member, value: "0x0" }]).then(
        () => "sent",
        (error: Error) => error.message,
      );
      expect(unsigned).to.match(/unknown account/i);
    });

    it("refuses a member already registered, a referrer that is not one, a member without gas and a bad address", async () => {
      const f = await load();
      const member = fresh("gasless").address;
      const start = await head();
      expect(await refusalOf("register", { member: f.genesis, referrer: f.genesis })).to.equal(`${f.genesis} is already a member, the genesis member.`);
      expect(await refusalOf("register", { member, referrer: f.alice.address })).to.equal(`--referrer ${f.alice.address} is not a member, so nobody can register under it: register it first.`);
      expect(await refusalOf("register", { member, referrer: f.genesis })).to.equal(
        `${member} holds no BNB to pay its gas: fund it first with npx hardhat fund --to ${member} --amount 1 --network hardhat.`,
      );
      expect(await refusalOf("register", { member: "alice", referrer: f.genesis })).to.match(/^--member 'alice' is not an address: /);
      expect(await head()).to.deep.equal(start);
    });
  });

  describe("account", () => {
    it("prints balances, membership and team, records, earnings and the next claim", async () => {
      const f = await load();
      await runTask("register", { member: f.alice.address, referrer: f.genesis });
      await runTask("fund", { to: f.alice.address, amount: "500", token: "USDT" });
      await synthesize(f, f.alice, "USDT", 100n);
      const { lines } = await runTask("account", { address: f.alice.address });
      expect(lines[0]).to.match(new RegExp(`^Account ${f.alice.address} at block \\d+, .* UTC:$`));
      expect(lines[1]).to.match(/^ {2}balances: [\d,.]+ BNB, 0 MV, 0 ACB, 400 USDT, 0 USDX, 0 X, 0 WXB, 0 USDC, 0 FTB, 0 ZYB$/);
      expect(lines[2]).to.match(new RegExp(`^ {2}member: registered .* UTC, under ${f.genesis}; claims paid to itself; VIP 0, S 0$`));
      expect(lines[3]).to.equal("  team: 0 direct, 0 in all; own hashrate 100; team performance 0 USD (0 of it today)");
      expect(lines[4]).to.equal("  records: 1, hashrate 100 in force");
      expect(lines[5]).to.match(/^ {4}#0 100 hashrate for 100 USDT, .* UTC, earning$/);
      expect(lines.slice(6, 9).join("\n")).to.match(/waiting: [\d.]+ USD \(machine [\d.]+, dynamic 0, preaching 0 \/ 0 \/ 0\)\n {2}received: machine 0, dynamic 0, preaching 0 \/ 0 \/ 0 USD; machine revenue earned ever [\d.]+ USD\n {2}earning: records worth 100 USD, 0 out/);

      // The genesis member's team and direct members.
      const team = await runTask("account", { address: f.genesis });
      expect(team.lines).to.include("  team: 1 direct, 1 in all; own hashrate 0; team performance 100 USD (100 of it today)");
      expect(team.lines).to.include(`    ${f.alice.address}: hashrate 100, team 0 USD, VIP 0`);
    });

    it("says an address is not a member, with how to register it", async () => {
      await load();
      const address = fresh("nobody").address;
      const { lines } = await runTask("account", { address });
      expect(lines.slice(1)).to.deep.equal([
        "  balances: 0 BNB, 0 MV, 0 ACB, 0 USDT, 0 USDX, 0 X, 0 WXB, 0 USDC, 0 FTB, 0 ZYB",
        `  member: not registered (npx hardhat register --member ${address} --referrer <a member>)`,
      ]);
      expect(await refusalOf("account", { address: "0xZZ" })).to.match(/^--address '0xZZ' is not an address: /);
    });
  });

  describe("snapshot and revert", () => {
    it("puts the chain back to a snapshot, once", async () => {
      await load();
      const at = await head();
      const { lines } = await runTask("snapshot");
      const [, snapshot] = /^Snapshot (0x[0-9a-f]+) of block (\d+) at .* UTC\.$/.exec(lines[0]) ?? [];
      expect(snapshot, lines[0]).to.be.a("string");
      expect(lines[1]).to.equal(`  back to it: npx hardhat revert --id ${snapshot} --network hardhat (once: take another to come back again)`);
      const to = fresh("reverted").address;
      await runTask("fund", { to, amount: "5" });
      await runTask("time", { by: "1d" });

      const reverted = await runTask("revert", { id: snapshot });
      expect(reverted.lines[0]).to.match(new RegExp(`^Reverted to snapshot ${snapshot}: the chain is back at block ${at.number} at .* UTC\\.$`));
      expect(await head()).to.deep.equal(at);
      expect(await hre.ethers.provider.getBalance(to)).to.equal(0n);
      expect(await refusalOf("revert", { id: snapshot })).to.equal(
        `The node has no snapshot ${snapshot}: each serves one revert, reverting to one drops those taken after it, and a restarted node has none.`,
      );
      expect(await refusalOf("revert", { id: "one" })).to.equal("--id 'one' is not an id: give 0x and hex digits, such as 0x1.");
    });
  });

  describe("mainnet", () => {
    it("every task refuses a network but hardhat and localhost, in one sentence, before it reads or sends anything", async () => {
      await load();
      const start = await head();
      for (const name of CHAIN_TASKS) {
        const refusal = await onNetwork({ name: "bsc", provider: bnbChainNode() }, () => refusalOf(name, REQUIRED[name]));
        expect(refusal).to.equal(
          `Refused: npx hardhat ${name} runs only on this machine's Hardhat chain (network hardhat or localhost, on a node that answers hardhat_metadata), and network 'bsc' is neither of the two: it may be BNB Chain mainnet, whose chain id (56) the local chain shares.`,
        );
      }
      expect(await head()).to.deep.equal(start);
    });

    it("every task refuses a localhost node that is not a Hardhat node (BNB Chain's answers chain 56, but not hardhat_metadata)", async () => {
      await load();
      const config = { ...hre.network.config, url: "http://127.0.0.1:8545" } as Network["config"];
      for (const name of CHAIN_TASKS) {
        const refusal = await onNetwork({ name: "localhost", config, provider: bnbChainNode() }, () => refusalOf(name, REQUIRED[name]));
        expect(refusal).to.equal(
          `Refused: npx hardhat ${name} runs only on this machine's Hardhat chain (network hardhat or localhost, on a node that answers hardhat_metadata), and the node at http://127.0.0.1:8545 (network localhost) does not answer hardhat_metadata: it may be BNB Chain mainnet, whose chain id (56) the local chain shares.`,
        );
      }
    });

    it("says when no node answers, and, on the in-process chain, that it ends with the command", async () => {
      await load();
      const silent = { request: async () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:8545")) } as unknown as EthereumProvider;
      const config = { ...hre.network.config, url: "http://127.0.0.1:8545" } as Network["config"];
      expect(await onNetwork({ name: "localhost", config, provider: silent }, () => refusalOf("time", { by: "1h" }))).to.equal(
        "The node at http://127.0.0.1:8545 (network localhost) does not answer as chain 56 (connect ECONNREFUSED 127.0.0.1:8545): start one with npm run dev, or point LOCAL_RPC_URL at yours.",
      );
      expect((await runTask("mine")).notes).to.deep.equal([
        "(network hardhat: an in-process chain that ends with this command; add --network localhost for the node of npm run dev)",
      ]);
    });
  });

  describe("--help", () => {
    it("each task's help lists its options and its description", async () => {
      for (const name of CHAIN_TASKS) {
        const definition = hre.tasks[name];
        expect(definition.description, name).to.have.length.greaterThan(30);
        const { lines } = await runTask("help", { scopeOrTask: name });
        const text = lines.join("\n");
        expect(text).to.include(`Usage: hardhat [GLOBAL OPTIONS] ${name}`);
        expect(text).to.include(`${name}: ${definition.description}`);
        for (const param of Object.values(definition.paramDefinitions)) {
          expect(text, `${name} --${param.name}`).to.match(new RegExp(`--${param.name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}\\s+${escapeRegExp(param.description ?? "")}`));
        }
      }
    });

    it("npx hardhat help lists every task with its description, and a refusal on the command line is its sentence and exit code 1", async function () {
      this.timeout(120_000);
      // A command of its own, on a chain of its own: on the fork run too, never the fork's upstream.
      const options = { cwd: process.cwd(), env: { ...process.env, BSC_FORK_URL: "" } };
      const { stdout } = await run("npx", ["hardhat", "help"], options);
      for (const name of CHAIN_TASKS) expect(stdout).to.match(new RegExp(`\\n {2}${escapeRegExp(name)}\\s+${escapeRegExp(hre.tasks[name].description ?? "")}\\n`));
      const refused = await run("npx", ["hardhat", "time", "--by", "soon"], options).then(
        () => expect.fail("time --by soon was not refused"),
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused.code).to.equal(1);
      // Hardhat colours its output where it takes the machine for CI (the CI variable is set there).
      expect(stripVTControlCharacters(refused.stderr)).to.include(
        "Error in plugin scripts/tasks: --by 'soon' is not a duration: give seconds, or parts with units s, m, h, d, such as 90s, 10m, 2h, 3d or 1d12h.",
      );
    });
  });

  it("the walk-through of docs/operations.md §7: a new member, registered, synthesises, claims a day later, then an owner change", async () => {
    const f = await load();
    const alice = f.alice.address;
    const me = fresh("walk-through");
    // (The seed registered alice on the dev chain; here the tasks do it.)
    await runTask("fund", { to: alice, amount: "1" });
    await runTask("register", { member: alice, referrer: f.genesis });
    const { lines: snapshotLines } = await runTask("snapshot");
    const snapshot = /^Snapshot (0x[0-9a-f]+)/.exec(snapshotLines[0])![1];

    await runTask("fund", { to: me.address, amount: "10" });
    await runTask("fund", { to: me.address, amount: "1000", token: "USDT" });
    await runTask("register", { member: me.address, referrer: alice });
    // In the app: the USDT synthesis page, 100 hashrate (approve, then synthesise).
    await synthesize(f, me, "USDT", 100n);
    expect((await runTask("account", { address: me.address })).lines).to.include("  records: 1, hashrate 100 in force");

    await runTask("time", { by: "1d" });
    const dayLater = (await runTask("account", { address: me.address })).lines;
    // A day at 1% of 100 USD: 1 USD, and a second or two more.
    expect(dayLater.find((line) => line.startsWith("  claim: "))).to.match(/^ {2}claim: 1(\.0\d*)? USD may be claimed now$/);
    // In the app: My earnings, Claim.
    await (await f.revenue.connect(me).claim(0n)).wait();
    const claimed = (await runTask("account", { address: me.address })).lines;
    expect(claimed.find((line) => line.startsWith("  received: "))).to.match(/^ {2}received: machine 1(\.0\d*)?, /);
    expect(claimed.find((line) => line.startsWith("  balances: "))).to.match(/, 0\.5\d* ACB, /);
    expect((await runTask("account", { address: alice })).lines.find((line) => line.startsWith("  waiting: "))).to.match(/preaching 0\.1\d* \/ 0 \/ 0\)$/);

    // An owner change the app announces, then applies.
    const scheduled = (await runTask("owner:schedule", { contract: "Revenue", function: "setDailyRate", args: ["200"] })).lines;
    const next = /then: npx hardhat owner:execute --id (0x[0-9a-f]{8})/.exec(scheduled.join("\n"))![1];
    expect((await runTask("owner:list")).lines[1]).to.match(new RegExp(`^ {2}${next} {2}Revenue\\.setDailyRate\\(dailyRateBps_: 200\\): waiting, ready from .* \\(in 10m\\)$`));
    await runTask("time", { by: "10m" });
    await runTask("owner:execute", { id: next });
    expect(await f.revenue.dailyRateBps()).to.equal(200n);

    // And back to before the member came.
    await runTask("revert", { id: snapshot });
    expect(await f.community.isRegistered(me.address)).to.equal(false);
    expect(await f.revenue.dailyRateBps()).to.equal(100n);
  });
});

function utcOf(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().replace("T", " ").replace(/\.\d+Z$/, "")} UTC`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
