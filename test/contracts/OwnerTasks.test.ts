/**
 * The owner-change tasks (scripts/tasks/owner.ts, docs/operations.md §7) on the real local
 * deployment, whose AccessManager makes every owner change but Main.setPrice wait 600 s
 * (docs/decisions/governance.md): a call typed on the command line, encoded with the product's
 * ABIs, scheduled in public; the list rebuilt from the manager's events; execution once ready,
 * with the events it caused; cancellation; and each refusal in one sentence.
 */
import { expect } from "chai";
import hre from "hardhat";

import { GOVERNANCE_ROLES } from "../../contracts-abi/product";
import { findOperation, type Operation } from "../../scripts/tasks/owner-operations";
import type { Fixture } from "./shared/fixtures";
import { head, refusalOf, runTask, withTaskDeployment } from "./shared/tasks";

const DELAY = 600;
/** What is left of the delay of a change scheduled a block or two before the head (a block is a second or more). */
const SOON = "(9m \\d+s|10m)";
const WEEK = 7 * 86_400;

/** Unix seconds as the tasks write them. */
const utc = (seconds: number | bigint) => `${new Date(Number(seconds) * 1000).toISOString().replace("T", " ").replace(/\.\d+Z$/, "")} UTC`;

/** The calls the manager was asked to schedule, as its events hold them, oldest first. */
async function scheduledCalls(f: Fixture): Promise<{ id: string; target: string; data: string; readyAt: bigint }[]> {
  const events = await f.manager.queryFilter(f.manager.filters.OperationScheduled(), f.startBlock);
  return events.map(({ args }) => ({ id: args.operationId, target: args.target, data: args.data, readyAt: args.schedule }));
}

/** Schedules `fn(args)` on `contract` with the task; returns the operation's short id it prints. */
async function schedule(contract: string, fn: string, ...args: string[]): Promise<string> {
  const { lines } = await runTask("owner:schedule", { contract, function: fn, args });
  return /--id (0x[0-9a-f]{8}) /.exec(lines.join("\n"))![1];
}

describe("Owner-change tasks", () => {
  const { load } = withTaskDeployment();

  describe("owner:schedule", () => {
    it("schedules the call on the manager, in public, and says when it is ready and how to execute it", async () => {
      const f = await load();
      const { lines } = await runTask("owner:schedule", { contract: "Revenue", function: "setDailyRate", args: ["200"] });
      const at = await head();
      const [call] = await scheduledCalls(f);
      expect(call).to.deep.include({ target: f.addresses.Revenue, data: f.revenue.interface.encodeFunctionData("setDailyRate", [200]), readyAt: BigInt(at.timestamp + DELAY) });
      expect(lines).to.deep.equal([
        `Scheduled Revenue.setDailyRate(dailyRateBps_: 200) in block ${at.number}.`,
        `  operation ${call.id}`,
        `  ready from ${utc(at.timestamp + DELAY)} (in 10m); it may be executed until ${utc(at.timestamp + DELAY + WEEK)}`,
        `  then: npx hardhat owner:execute --id ${call.id.slice(0, 10)} --network hardhat`,
      ]);
      // Nothing applies before it is executed.
      expect(await f.revenue.dailyRateBps()).to.equal(100n);
    });

    it("reads each argument by its ABI type: lists, address-book names, exponents, Swap routes by name, true or false", async () => {
      const f = await load();
      const treasury = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
      const cases = [
        { args: ["Revenue", "setPreachingRates", "[1200, 600,300]"], data: f.revenue.interface.encodeFunctionData("setPreachingRates", [[1200, 600, 300]]), text: "Revenue.setPreachingRates(ratesBps: [1200, 600, 300])" },
        { args: ["Swap", "setDailyLimit", "MvToX", "500e18"], data: f.swap.interface.encodeFunctionData("setDailyLimit", [0, 500n * 10n ** 18n]), text: "Swap.setDailyLimit(route: 0 (MvToX), dailyLimitUsd: 500e18)" },
        { args: ["Main", "setSynthesisRule", "x", "20", "40", "FALSE"], data: f.main.interface.encodeFunctionData("setSynthesisRule", [f.addresses.X, 20, 40, false]), text: `Main.setSynthesisRule(token: ${f.addresses.X} (X), multiple: 20, minimum: 40, enabled: false)` },
        { args: ["Main", "setTreasury(address)", treasury], data: f.main.interface.encodeFunctionData("setTreasury", [treasury]), text: `Main.setTreasury(treasury_: ${hre.ethers.getAddress(treasury)})` },
        { args: ["MvMarket", "setMarketConfig", "0.5e18", "25"], data: f.market.interface.encodeFunctionData("setMarketConfig", [5n * 10n ** 17n, 25]), text: "MvMarket.setMarketConfig(minOrder_: 0.5e18, maxFillsPerBuy_: 25)" },
      ];
      for (const { args: [contract, fn, ...args], data, text } of cases) {
        const { lines } = await runTask("owner:schedule", { contract, function: fn, args });
        expect(lines[0]).to.equal(`Scheduled ${text} in block ${(await head()).number}.`);
        expect((await scheduledCalls(f)).at(-1)!.data).to.equal(data);
      }
    });

    it("notes a call that would revert if run now (it may not when its time comes)", async () => {
      const f = await load();
      const { lines } = await runTask("owner:schedule", { contract: "Main", function: "rescue", args: ["X", f.genesis, "1e18"] });
      expect(lines.at(-1)).to.equal(`  note: run now, it would revert with MainRescueExceedsFree(token: ${f.addresses.X} (X), free: 0, amount: 1e18)`);
      expect(await scheduledCalls(f)).to.have.length(1);
    });

    it("refuses, in one sentence, what it cannot encode or what needs no schedule, and schedules nothing", async () => {
      const f = await load();
      const refused = (contract: string, fn: string, ...args: string[]) => refusalOf("owner:schedule", { contract, function: fn, args });
      expect(await refused("Treasury", "setTreasury")).to.equal("--contract 'Treasury' is not one the manager owns: give one of Main, Revenue, Community, Swap, MvMarket, AccessManager.");
      expect(await refused("Revenue", "setDailyRat", "200")).to.equal(
        "Revenue has no function 'setDailyRat': the ones that change something are acceptOwnership, claim, processOutRecords, recordSynthesis, renounceOwnership, setClaimInterval, setDailyRate, setPreachingRates, transferOwnership.",
      );
      expect(await refused("Revenue", "dailyRateBps")).to.match(/^Revenue\.dailyRateBps is a read, not a change: the ones that change something are /);
      expect(await refused("Revenue", "setDailyRate")).to.equal("Revenue.setDailyRate takes 1 argument (uint256 dailyRateBps_), and 0 were given.");
      expect(await refused("Revenue", "setDailyRate", "1", "2")).to.equal("Revenue.setDailyRate takes 1 argument (uint256 dailyRateBps_), and 2 were given.");
      for (const value of ["two hundred", "1.5", "0.5e0", "-1"]) {
        expect(await refused("Revenue", "setDailyRate", value)).to.equal(
          `argument dailyRateBps_ of Revenue.setDailyRate (uint256) '${value}' is not a whole number: give one such as 200, or with an exponent such as 1000e18 (1000 tokens of 18 decimals).`,
        );
      }
      expect(await refused("Revenue", "setPreachingRates", "[1,2]")).to.equal("argument ratesBps of Revenue.setPreachingRates (uint256[3]) takes a list of 3, such as [1,2,3], and '[1,2]' has 2.");
      expect(await refused("Main", "setTreasury", "0x12")).to.match(/^argument treasury_ of Main\.setTreasury \(address\) '0x12' is not an address: /);
      expect(await refused("Main", "setSynthesisRule", "X", "20", "40", "maybe")).to.equal("argument enabled of Main.setSynthesisRule (bool) 'maybe' is not true or false.");
      expect(await refused("Swap", "setDailyLimit", "300", "1")).to.match(/^Swap\.setDailyLimit cannot take those arguments: value out-of-bounds/);
      expect(await refused("Main", "setPrice", "X", "0.55e18")).to.equal(`Main.setPrice(token: ${f.addresses.X} (X), price: 0.55e18) needs no schedule: ${f.owner.address} may make it at once, as the price setter (npx hardhat price).`);
      expect(await scheduledCalls(f)).to.deep.equal([]);
    });

    it("schedules the manager's own settings too: a role granted after the delay", async () => {
      const f = await load();
      const account = f.bob.address;
      const id = await schedule("AccessManager", "grantRole", "1", account, "0");
      expect((await scheduledCalls(f))[0].target).to.equal(f.addresses.AccessManager);
      await runTask("time", { by: "10m" });
      const { lines } = await runTask("owner:execute", { id });
      expect(lines[0]).to.match(new RegExp(`^Executed AccessManager\\.grantRole\\(roleId: 1, account: ${account}, executionDelay: 0\\) \\(operation ${id}\\) in block \\d+:$`));
      expect(lines).to.include(`  AccessManager RoleGranted(roleId: 1, account: ${account}, delay: 0, since: ${(await head()).timestamp}, newMember: true)`);
      expect((await f.manager.hasRole(GOVERNANCE_ROLES.priceSetter, account))[0]).to.equal(true);
    });
  });

  describe("owner:list", () => {
    it("lists what waits and what is ready from the manager's events; --all adds what was executed, canceled or expired", async () => {
      const f = await load();
      const whose = `on the AccessManager ${f.addresses.AccessManager} (its events since block ${f.startBlock})`;
      expect((await runTask("owner:list")).lines).to.deep.equal([`Nothing is scheduled ${whose}; the chain's time is ${utc((await head()).timestamp)}.`]);

      const rate = await schedule("Revenue", "setDailyRate", "200");
      const interval = await schedule("Revenue", "setClaimInterval", "120");
      const generations = await schedule("Community", "setMaxGenerations", "10");
      const listed = (await runTask("owner:list")).lines;
      expect(listed[0]).to.equal(`3 owner changes scheduled ${whose}; the chain's time is ${utc((await head()).timestamp)}:`);
      expect(listed.slice(1)).to.have.length(3);
      expect(listed[1]).to.match(new RegExp(`^ {2}${rate} {2}Revenue\\.setDailyRate\\(dailyRateBps_: 200\\): waiting, ready from .* UTC \\(in ${SOON}\\)$`));
      expect(listed[2]).to.match(new RegExp(`^ {2}${interval} {2}Revenue\\.setClaimInterval\\(interval: 120\\): waiting, ready from .* UTC \\(in ${SOON}\\)$`));
      expect(listed[3]).to.match(new RegExp(`^ {2}${generations} {2}Community\\.setMaxGenerations\\(generations: 10\\): waiting, ready from .* UTC \\(in 10m\\)$`));

      await runTask("time", { by: "10m" });
      expect((await runTask("owner:list")).lines[3]).to.match(/: ready since .* UTC \((now|\d+s ago)\), may be executed until .* UTC$/);
      await runTask("owner:execute", { id: rate });
      const executedIn = (await head()).number;
      await runTask("owner:cancel", { id: interval });
      const canceledIn = (await head()).number;
      expect((await runTask("owner:list")).lines.slice(1)).to.have.length(1);
      const all = (await runTask("owner:list", { all: true })).lines;
      expect(all[0]).to.match(/^3 owner changes ever scheduled on the AccessManager /);
      expect(all.slice(1, 3)).to.deep.equal([
        `  ${rate}  Revenue.setDailyRate(dailyRateBps_: 200): executed in block ${executedIn}`,
        `  ${interval}  Revenue.setClaimInterval(interval: 120): canceled in block ${canceledIn}`,
      ]);

      // A week after it became ready, the manager will not execute it.
      await runTask("time", { by: "7d" });
      expect((await runTask("owner:list")).lines[0]).to.match(/^Nothing is scheduled on the AccessManager /);
      expect((await runTask("owner:list", { all: true })).lines[3]).to.match(new RegExp(`^ {2}${generations} {2}Community\\.setMaxGenerations\\(generations: 10\\): expired at .* UTC, unexecuted$`));
      expect(await refusalOf("owner:execute", { id: generations })).to.match(
        new RegExp(`^Operation ${generations} \\(Community\\.setMaxGenerations\\(generations: 10\\)\\) cannot be executed: it expired unexecuted at .* UTC, 7d after it became ready; schedule it again\\.$`),
      );
    });
  });

  describe("owner:execute and owner:cancel", () => {
    it("execute refuses a change still waiting, saying how far to move the clock, and applies it once that is done", async () => {
      const f = await load();
      const id = await schedule("Revenue", "setDailyRate", "200");
      const waiting = await refusalOf("owner:execute", { id });
      const [, by] = new RegExp(`^Operation ${id} \\(Revenue\\.setDailyRate\\(dailyRateBps_: 200\\)\\) is not ready until .* UTC \\(in 10m\\): move the clock with npx hardhat time --by (\\w+) --network hardhat\\.$`).exec(waiting) ?? [];
      expect(by, waiting).to.equal("10m");

      await runTask("time", { by });
      const { lines } = await runTask("owner:execute", { id });
      const [{ id: operationId }] = await scheduledCalls(f);
      expect(lines).to.deep.equal([
        `Executed Revenue.setDailyRate(dailyRateBps_: 200) (operation ${id}) in block ${(await head()).number}:`,
        `  AccessManager OperationExecuted(operationId: ${operationId}, nonce: 1)`,
        "  Revenue DailyRateSet(dailyRateBps: 200)",
      ]);
      expect(await f.revenue.dailyRateBps()).to.equal(200n);
      expect(await refusalOf("owner:execute", { id })).to.equal(
        `Operation ${id} (Revenue.setDailyRate(dailyRateBps_: 200)) cannot be executed: it was executed in block ${(await head()).number}.`,
      );
    });

    it("both take the call instead of the id, the same call the schedule took", async () => {
      const f = await load();
      await schedule("Revenue", "setClaimInterval", "120");
      await schedule("Swap", "setDailyLimit", "AcbToUsdt", "800e18");
      const { lines } = await runTask("owner:cancel", { contract: "revenue", function: "setClaimInterval", args: ["120"] });
      expect(lines[0]).to.match(/^Canceled Revenue\.setClaimInterval\(interval: 120\) \(operation 0x[0-9a-f]{8}\) in block \d+: it will not apply\.$/);
      const [interval, limit] = await scheduledCalls(f);
      expect(await f.manager.getSchedule(interval.id)).to.equal(0n);

      await runTask("time", { by: "10m" });
      await runTask("owner:execute", { contract: "Swap", function: "setDailyLimit", args: ["AcbToUsdt", "800e18"] });
      expect(await f.manager.getSchedule(limit.id)).to.equal(0n);
      expect((await f.swap.routeInfo(3)).dailyLimitUsd).to.equal(800n * 10n ** 18n);
      expect(await refusalOf("owner:cancel", { id: interval.id })).to.match(new RegExp(`^Operation ${interval.id.slice(0, 10)} \\(Revenue\\.setClaimInterval\\(interval: 120\\)\\) cannot be canceled: it was canceled in block \\d+\\.$`));
    });

    it("a change that would revert is not sent: refused with its decoded error, it stays scheduled", async () => {
      const f = await load();
      const id = await schedule("Main", "rescue", "X", f.genesis, "1e18");
      await runTask("time", { by: "10m" });
      const before = await head();
      expect(await refusalOf("owner:execute", { id })).to.equal(
        `Main.rescue(token: ${f.addresses.X} (X), to: ${f.genesis}, amount: 1e18) reverts: MainRescueExceedsFree(token: ${f.addresses.X} (X), free: 0, amount: 1e18); it stays scheduled until it expires.`,
      );
      // Tried as a call first: no transaction was mined.
      expect(await head()).to.deep.equal(before);
      expect((await runTask("owner:list")).lines[1]).to.match(new RegExp(`^ {2}${id} {2}Main\\.rescue\\(.*\\): ready since `));
    });

    it("refuse an operation never scheduled, an id they cannot read, and a request that names none", async () => {
      const f = await load();
      await schedule("Revenue", "setDailyRate", "200");
      expect(await refusalOf("owner:execute", { contract: "Revenue", function: "setDailyRate", args: ["300"] })).to.equal(
        `Revenue.setDailyRate(dailyRateBps_: 300) was never scheduled by ${f.owner.address}: schedule it first with npx hardhat owner:schedule.`,
      );
      expect(await refusalOf("owner:cancel", { id: "0xdeadbeef" })).to.equal("No operation 0xdeadbeef was ever scheduled on this deployment's manager: npx hardhat owner:list --all lists them.");
      expect(await refusalOf("owner:execute", { id: "latest" })).to.equal("--id 'latest' is not an id: give 0x and hex digits, such as 0x1a2b3c4d (from npx hardhat owner:list).");
      expect(await refusalOf("owner:cancel")).to.equal("Name the operation: --id (from npx hardhat owner:list), or --contract, --function and the function's arguments.");
      expect(await f.revenue.dailyRateBps()).to.equal(100n);
    });

    it("an id's first digits must name one operation", () => {
      const operations = ["0xab12", "0xab34", "0xcd56"].map((id) => ({ id: id.padEnd(66, "0"), text: id }) as Operation);
      expect(findOperation(operations, "0xcd").id).to.equal(operations[2].id);
      expect(() => findOperation(operations, "0xab")).to.throw("--id 0xab starts 2 operations' ids (0xab120000, 0xab340000): give more of it.");
    });
  });
});
