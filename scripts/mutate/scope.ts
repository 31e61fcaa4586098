/**
 * What `npm run mutate` mutates, its budgets, and the CI sample (docs/testing.md §8).
 *
 * Contracts: SuMo's operators on the functions that hold the money rules of
 * docs/product/contracts.md (a user's bound, what is valid to synthesise and the cap, what a claim
 * pays and in which order, preaching gold, a buy's fills and their rounding, an exchange's limits),
 * not on views, settings or events. Of SuMo's operators, the ones that move a rule's edge:
 * - BOR (SuMo's minimal set) on comparisons, equalities, && / || and + / -: a bound one off, a
 *   check turned round, a sum turned into a difference;
 * - CSC, the `false` branch only: the condition of a check replaced by `false`, so the check is gone.
 * Left out, with the reason: BOR's * / ** % swaps (they make an amount absurd by orders of
 * magnitude or overflow, which any test with an amount catches, and say nothing of an edge),
 * CSC's `true` (the check always refuses: every call fails), and operators about Solidity's
 * structure (visibility, modifiers, data location, events, literals), which the rules do not hold.
 */

/** The product contracts' functions that hold the money rules (mocks/contracts/<file>). */
export const CONTRACT_SCOPE: Record<string, string[]> = {
  "Revenue.sol": ["claim", "recordSynthesis", "_payMachine", "_payBonuses", "_creditPreachingGold"],
  "MvMarket.sol": ["buy", "_planBuy"],
  "Main.sol": ["_checkSynthesis", "_cost"],
  "Swap.sol": ["exchange", "_maxExchangeable", "_checkedQuote"],
};

/** SuMo's operators used (files under @morenabarboni/sumo/src/operators). */
export const SUMO_OPERATORS = ["minimal/binary-replacement", "conditional-statement-change"] as const;

/** BOR replacements kept: the operators whose change moves an edge (see above). */
export const BOR_KEPT = new Set(["<", "<=", ">", ">=", "==", "!=", "&&", "||", "+", "-", "|", "&"]);

/** The budgets, as the bench states its own (scripts/bench/budgets.ts): mutation scores in %. */
export const MUTATION_BUDGETS = {
  /** Of the contract mutants a suite can see, each suite alone kills at least this share. */
  contractsPerSuite: 95,
  /** Of the web money logic's mutants, the web tests kill at least this share. */
  web: 90,
} as const;

/**
 * The Hardhat test files a mutant runs against (mocha --bail), the mutated contract's own first so
 * that a killed mutant stops early. Left out: the gas snapshot (it measures gas, not behaviour),
 * NatSpec and ABI checks (they read sources), the bindings' regeneration, and the fork's files
 * (they need a fork).
 */
export const HARDHAT_FILES_FIRST: Record<string, string[]> = {
  "Revenue.sol": ["Boundaries", "Revenue", "Funds", "Findings"],
  "MvMarket.sol": ["Boundaries", "MvMarket", "Findings"],
  "Main.sol": ["Main", "Boundaries", "ClientCost", "Findings"],
  "Swap.sol": ["Swap", "Findings"],
};
export const HARDHAT_FILES_LEFT_OUT = ["GasSnapshot", "NatSpec", "Abi", "Typechain", "Fork", "ForkSettings"];

/**
 * The invariant suite per mutant: a shorter, fixed-seed run than `npm test`'s (25 sequences of
 * 400 calls, 10,000 calls), no shrinking (the sequence is not needed, only that it fails).
 */
export const INVARIANT_RUNS = 25;
export const INVARIANT_SEED = "0x1b";

/** A mutant of the CI sample: a text replaced in a file, and the tests that must kill it. */
export interface SampleMutant {
  name: string;
  file: string;
  from: string;
  to: string;
  /** The Hardhat test files that must kill it. */
  tests: string[];
  /** Only the tests whose title has this (mocha's --grep), to keep the sample short. */
  grep?: string;
}

/**
 * The CI sample (`npm run test:mutate-sample`, in `npm test`): the money bugs an outside tester's
 * hand mutants found the Hardhat tests missing, and two edges the invariant suite missed. Each must
 * be killed by the tests named. The web app's mutants are left to the full run: its unit tests run
 * in every `npm test` anyway, and a Stryker run costs 15 s before its first mutant.
 */
export const SAMPLE: SampleMutant[] = [
  {
    name: "claim(minAcb) refuses exactly minAcb",
    file: "mocks/contracts/Revenue.sol",
    from: "if (acbAmount < minAcb)",
    to: "if (acbAmount <= minAcb)",
    tests: ["test/contracts/Boundaries.test.ts"],
  },
  {
    name: "buy(minMvOut) refuses exactly minMvOut",
    file: "mocks/contracts/MvMarket.sol",
    from: "if (plan.mvAmount < minMvOut)",
    to: "if (plan.mvAmount <= minMvOut)",
    tests: ["test/contracts/Boundaries.test.ts"],
  },
  {
    name: "a whole order's cost rounded down",
    file: "mocks/contracts/MvMarket.sol",
    from: "uint256 costOfAll = Math.mulDiv(unsold, priceMv, priceUsdt, Math.Rounding.Ceil);",
    to: "uint256 costOfAll = Math.mulDiv(unsold, priceMv, priceUsdt, Math.Rounding.Floor);",
    tests: ["test/contracts/Boundaries.test.ts"],
  },
  {
    name: "preaching gold credited on the bonuses a claim pays",
    file: "mocks/contracts/Revenue.sol",
    from: "_goldOnPayment(machine.paidUnits - paidBefore, machineRevenue, earlier,",
    to: "_goldOnPayment(machine.paidUnits - paidBefore, total, earlier,",
    tests: ["test/contracts/Boundaries.test.ts"],
  },
  {
    name: "a hashrate that is not a multiple accepted",
    file: "mocks/contracts/Main.sol",
    from: "hashrate < rule.minimum || hashrate % rule.multiple != 0 ||",
    to: "hashrate < rule.minimum ||",
    tests: ["test/contracts/Main.test.ts"],
    grep: "refuses multiple \\+ 1",
  },
  {
    name: "the active-power cap refuses exactly the cap",
    file: "mocks/contracts/Revenue.sol",
    from: "if (active + hashrate > MAX_ACTIVE_POWER)",
    to: "if (active + hashrate >= MAX_ACTIVE_POWER)",
    tests: ["test/contracts/Main.test.ts"],
    grep: "caps the hashrate a member has earning at once",
  },
];
