/**
 * The whole product system as Hardhat Ignition modules (docs/operations.md §9): the tokens, the
 * three contracts that know each other (Community, Revenue, Main), then Swap, MvMarket, Multicall3,
 * their configuration, the reserves, and the AccessManager that ends up owning them. Ignition
 * sends each transaction once, records it in its journal, and a deployment killed halfway goes on
 * from there when the same command runs again (scripts/lib/deploy.ts runs the modules).
 *
 * What Ignition cannot do is left to scripts/lib/deploy.ts, before or after the modules: placing
 * a mock at a contract's mainnet address on the local chain (hardhat_setCode), and giving a real
 * token's balance on a fork (its storage written).
 *
 * The modules are built for one deployment's plan (`SystemPlan`): which contracts exist already,
 * who owns what at the end, Main's address. Ignition requires the same plan when a deployment is
 * resumed; every part of it comes from the network and the environment, except Main's address,
 * which deploy keeps beside the journal.
 */
import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";
import type { CallableContractFuture, Future } from "@nomicfoundation/ignition-core";

import { Main__factory } from "../../typechain-types";
import { GOVERNANCE_ROLES, GOVERNED_CONTRACTS, SWAP_ROUTES, SYNTHESIS_TOKENS, TOKEN_SYMBOLS, type GovernedContract, type TokenSymbol } from "../../contracts-abi/product";
import { DAILY_LIMITS_USD, DAILY_RATE_BPS, OUT_MULTIPLE, PRICES, RESERVES, SYNTHESIS_MULTIPLES, TOKEN_NAMES } from "../lib/deploy-defaults";

export interface SystemPlan {
  /** The deployer: owner of everything until the hand-over, genesis of the referral tree, treasury. */
  deployer: string;
  /** Tokens that exist already at these addresses (a placed mock on the local chain, BNB Chain's
   *  own USDT on a fork or on mainnet); every other token is a MockToken deployed here. */
  existingTokens: Partial<Record<TokenSymbol, string>>;
  /** Of them, the ones that are our mocks (they mint the reserves; a real token's are given after). */
  mintable: readonly TokenSymbol[];
  /** Multicall3 where it exists already, or undefined to deploy one. */
  existingMulticall?: string;
  /** Main's address, known before it is deployed (Community and Revenue keep it as an immutable). */
  expectedMain: string;
  /** The AccessManager's admin and price setter at the end: the deployer, or a multisig. */
  admin: string;
  /** The admin's delay (seconds) before an owner change applies. */
  delay: number;
}

/** A contract of a module: deployed by it, or one it uses at an address. */
type ContractFuture = CallableContractFuture<string>;

const main = Main__factory.createInterface();
/** Main's `setPrice`: the one owner function a role may call at once (the price guard bounds it). */
const SET_PRICE = main.getFunction("setPrice").selector;
const ACCEPT_OWNERSHIP = main.encodeFunctionData("acceptOwnership");

/**
 * The three modules of one plan: Tokens; Core (Community, Revenue, Main), which uses them; and
 * System, which uses both. Built together, so that each is one module however many use it.
 */
export function systemModules(plan: SystemPlan) {
  /** The nine tokens: deployed as mocks, or the ones that exist already. */
  const tokens = buildModule("Tokens", (m) => {
    const futures = {} as Record<TokenSymbol, ContractFuture>;
    for (const symbol of TOKEN_SYMBOLS) {
      const existing = plan.existingTokens[symbol];
      futures[symbol] = existing
        ? m.contractAt("MockToken", existing, { id: symbol })
        : m.contract("MockToken", [TOKEN_NAMES[symbol], symbol, plan.deployer], { id: symbol });
    }
    return futures;
  });

  /**
   * Community and Revenue keep Main's address, and Main keeps theirs: they are deployed first, one
   * after the other, with the address Main then gets (the deployer's nonce two transactions on).
   */
  const core = buildModule("Core", (m) => {
    const { ACB, USDT } = m.useModule(tokens);
    const community = m.contract("Community", [plan.deployer, plan.expectedMain, plan.deployer]);
    const revenue = m.contract("Revenue", [plan.expectedMain, community, ACB, DAILY_RATE_BPS, OUT_MULTIPLE, plan.deployer], { after: [community] });
    const mainContract = m.contract("Main", [community, revenue, ACB, USDT, plan.deployer, plan.deployer], { after: [revenue] });
    return { Community: community, Revenue: revenue, Main: mainContract };
  });

  /** Everything else, set up, funded and handed over to the AccessManager. */
  const system = buildModule("System", (m) => {
    const token = m.useModule(tokens);
    const { Main, Revenue, Community } = m.useModule(core);
    // The Swap constructor takes its six tokens in a fixed order, and the routes' daily limits in
    // the order of its route enum, which SWAP_ROUTES follows.
    const dailyLimits = SWAP_ROUTES.map((route) => DAILY_LIMITS_USD[route.name]);
    const swap = m.contract("Swap", [Main, [token.MV, token.WXB, token.USDX, token.X, token.ACB, token.USDT], dailyLimits, plan.deployer]);
    const market = m.contract("MvMarket", [Main, token.MV, token.USDT, plan.deployer]);
    // After Main: before it, only the tokens may send (Main's address counts on it).
    const multicall = plan.existingMulticall ? m.contractAt("Multicall3", plan.existingMulticall) : m.contract("Multicall3", [], { after: [Main] });

    const setUp: Future[] = [
      ...TOKEN_SYMBOLS.map((symbol) => m.call(Main, "setPrice", [token[symbol], PRICES[symbol]], { id: `setPrice_${symbol}` })),
      ...SYNTHESIS_TOKENS.map((symbol) => {
        const multiple = SYNTHESIS_MULTIPLES[symbol];
        return m.call(Main, "setSynthesisRule", [token[symbol], multiple, multiple, true], { id: `setSynthesisRule_${symbol}` });
      }),
    ];
    // The reserves the contracts pay out of, minted where the token is our mock (deploy gives a
    // real token's otherwise, on a fork).
    const reserves: [TokenSymbol, ContractFuture, string, bigint][] = [
      ["USDT", Main, "Main", RESERVES.mainUsdt],
      ["ACB", Revenue, "Revenue", RESERVES.revenueAcb],
      ...Object.entries(RESERVES.swap).map(([symbol, amount]): [TokenSymbol, ContractFuture, string, bigint] => [symbol as TokenSymbol, swap, "Swap", amount]),
    ];
    for (const [symbol, to, name, amount] of reserves) {
      if (plan.mintable.includes(symbol)) setUp.push(m.call(token[symbol], "mint", [to, amount], { id: `reserve_${symbol}_${name}` }));
    }

    // Set up, the contracts go to their owner for good: the AccessManager, whose admin waits the
    // delay for every change but price steps (docs/decisions/governance.md).
    const manager = m.contract("AccessManager", [plan.deployer], { after: setUp });
    const governed: Record<GovernedContract, ContractFuture> = { Main, Revenue, Community, Swap: swap, MvMarket: market };
    const accepted = GOVERNED_CONTRACTS.map((name) => {
      const transferred = m.call(governed[name], "transferOwnership", [manager], { id: `${name}_transferOwnership` });
      // Two-step ownership: the manager accepts, as its admin (the deployer, at once for now) tells it.
      return m.call(manager, "execute", [governed[name], ACCEPT_OWNERSHIP], { id: `${name}_acceptOwnership`, after: [transferred] });
    });
    const labelled = m.call(manager, "labelRole", [GOVERNANCE_ROLES.priceSetter, "PRICE_SETTER"], { after: accepted });
    const priceRole = m.call(manager, "setTargetFunctionRole", [Main, [SET_PRICE], GOVERNANCE_ROLES.priceSetter], { after: [labelled] });
    const priceSetter = m.call(manager, "grantRole", [GOVERNANCE_ROLES.priceSetter, plan.admin, 0], { id: "grantPriceSetter", after: [priceRole] });
    // The admin's delay, last: an increase applies at once, a decrease would wait. Handed to
    // another admin (a multisig), the deployer then gives up both of its roles.
    const handedOver = plan.admin.toLowerCase() !== plan.deployer.toLowerCase();
    const adminGranted = plan.delay > 0 || handedOver ? [m.call(manager, "grantRole", [GOVERNANCE_ROLES.admin, plan.admin, plan.delay], { id: "grantAdmin", after: [priceSetter] })] : [];
    if (handedOver) {
      const noPrices = m.call(manager, "renounceRole", [GOVERNANCE_ROLES.priceSetter, plan.deployer], { id: "renouncePriceSetter", after: adminGranted });
      m.call(manager, "renounceRole", [GOVERNANCE_ROLES.admin, plan.deployer], { id: "renounceAdmin", after: [noPrices] });
    }
    return { ...token, Main, Revenue, Community, Swap: swap, MvMarket: market, Multicall3: multicall, AccessManager: manager };
  });

  return { tokens, core, system };
}
