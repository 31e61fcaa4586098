/**
 * Deploys the mocks of every product contract to the network of `hre` (in-process or localhost),
 * wires and configures them, and funds the contracts that pay out. Used by `scripts/deploy.ts`, by
 * the seed, and by the contract tests' fixtures, so that tests run against the real deployment.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import { ZeroHash, getAddress, getCreateAddress, toQuantity } from "ethers";
import type { BaseContract } from "ethers";
import type { HardhatRuntimeEnvironment } from "hardhat/types";

import { MockToken__factory, Multicall3__factory as Multicall3Deployer } from "../../mocks/types";
import {
  AccessManager__factory,
  Community__factory,
  ERC20__factory,
  Main__factory,
  Multicall3__factory,
  MvMarket__factory,
  Revenue__factory,
  Swap__factory,
} from "../../typechain-types";
import type { AccessManager, Community, ERC20, Main, Multicall3, MvMarket, Revenue, Swap } from "../../typechain-types";
import {
  ADDRESS_NAMES,
  BSC_CHAIN_ID,
  BSC_TESTNET_CHAIN_ID,
  CONTRACT_NAMES,
  MAINNET_ADDRESSES,
  TOKEN_SYMBOLS,
  type AddressBook,
  type MainnetName,
  type TokenSymbol,
} from "../../contracts-abi/product";
import { DEPLOYMENTS_DIRECTORY, LOCAL_DEPLOYMENT, addressBookFile, deploymentName } from "./deployments";
import { hasMainnetAddress, isLocalNetwork } from "./chain";
import { governanceDelay } from "./governance";
import { RESERVES, TOKEN_NAMES } from "./deploy-defaults";
import { systemModules, type SystemPlan } from "../ignition/system";

export { DEPLOYMENTS_DIRECTORY, LOCAL_DEPLOYMENT, addressBookFile, deploymentName };

/** The blocks a deployment spans: an indexer of its events starts at `startBlock`. */
export interface DeploymentBlocks {
  /** The first block that can hold one of its transactions (the head before deploy began, plus one). */
  startBlock: number;
  /** The head once deploy ended. */
  blockNumber: number;
}

export interface Deployment extends DeploymentBlocks {
  chainId: number;
  addresses: AddressBook;
  deployer: string;
  genesis: string;
  treasury: string;
  tokens: Record<TokenSymbol, ERC20>;
  main: Main;
  revenue: Revenue;
  community: Community;
  swap: Swap;
  market: MvMarket;
  multicall: Multicall3;
  /** The owner of Main, Revenue, Community, Swap and MvMarket (governance.ts). */
  manager: AccessManager;
}

export interface DeployOptions {
  log?: (message: string) => void;
  /** The admin's delay, in seconds, before an owner change applies (governance.ts); by default
   *  GOVERNANCE_DELAY or the network's default. 0 makes the owner act at once: the contract
   *  tests of the rules use it, never a deployment. */
  governanceDelay?: number;
  /** Who holds the AccessManager's admin and price-setter roles at the end (a multisig); the
   *  deployer when not given, who then also keeps them. */
  admin?: string;
  /** Ignition's deployment id, whose journal (under deployments/ignition/deployments/) a
   *  deployment killed halfway resumes from; the network's address-book name when not given. */
  deploymentId?: string;
  /** Start afresh: the journal of `deploymentId` is wiped first. The local chain's deploys do it
   *  (its chain starts anew with `npm run dev`, and `deploy:local` means new contracts). */
  fresh?: boolean;
  /** BNB Chain mainnet, confirmed (DEPLOY_CONFIRM=bsc): without it, and an `admin`, a deployment
   *  there refuses to start. */
  confirmMainnet?: boolean;
}

/** Why a deployment may not start on this chain, if it may not: BNB Chain mainnet (beyond this
 *  machine, whose chain has its id) wants a confirmation and an owner to hand the roles to. */
export function mainnetRefusal(local: boolean, chainId: number, options: Pick<DeployOptions, "admin" | "confirmMainnet">): string | undefined {
  if (local || chainId !== BSC_CHAIN_ID) return undefined;
  if (!options.confirmMainnet) return "This deploys to BNB Smart Chain mainnet with real BNB: set DEPLOY_CONFIRM=bsc to confirm it.";
  if (!options.admin) return "A mainnet deployment hands the AccessManager to its owner: set DEPLOY_ADMIN to that address (a multisig).";
  return undefined;
}

/** The chains a deployment may go to: BNB Smart Chain (and the local chain, which has its id) and its testnet. */
export const DEPLOYABLE_CHAIN_IDS = [BSC_CHAIN_ID, BSC_TESTNET_CHAIN_ID] as const;

/** What a deployment's first run decided that its resumption must reuse: Main's address (from the
 *  deployer's nonce then) and the first block (an indexer starts there). Kept beside the journal. */
interface PinnedPlan {
  expectedMain: string;
  startBlock: number;
}

/** Storage slots copied when a fresh contract is moved to its mainnet address (an OpenZeppelin ERC-20
 *  with Ownable2Step uses seven; balances and allowances live in hashed slots and start empty). */
const COPIED_SLOTS = 16;

/**
 * Deploys the whole system with Hardhat Ignition (scripts/ignition/system.ts) to the network of
 * `hre`. On the local chain, first places mocks at the contracts' mainnet addresses (or keeps a
 * fork's real ones); after, gives a fork's real tokens their reserves. A deployment with a journal
 * (every network but the in-process one) resumes where it stopped when run again.
 */
export async function deployAll(hre: HardhatRuntimeEnvironment, options: DeployOptions = {}): Promise<Deployment> {
  const { ethers } = hre;
  const log = options.log ?? (() => undefined);
  const [deployer] = await ethers.getSigners();
  // The deployer owns every contract until the hand-over, is the root of the referral tree
  // (genesis) and the treasury, which receives what synthesis is paid with (except ACB, burned).
  const owner = deployer.address;
  const chainId = Number((await ethers.provider.getNetwork()).chainId);
  if (!(DEPLOYABLE_CHAIN_IDS as readonly number[]).includes(chainId)) throw new Error(`expected BNB Smart Chain (${BSC_CHAIN_ID}) or its testnet (${BSC_TESTNET_CHAIN_ID}), got chain ${chainId}`);
  const local = isLocalNetwork(hre.network.name);
  const refusal = mainnetRefusal(local, chainId, options);
  if (refusal) throw new Error(refusal);
  const journal = hre.network.name === "hardhat" ? undefined : path.join(hre.config.paths.ignition, "deployments", options.deploymentId ?? deploymentName(hre.network.name));
  if (journal && options.fresh) await rm(journal, { recursive: true, force: true });

  const existing = await existingContracts(hre, chainId, local, log);
  const pinned = await pinPlan(journal, async () => {
    // Main's address counts on the deployer's nonce: one with transactions still waiting would
    // move it once they are mined.
    const [mined, sent] = [await deployer.getNonce("latest"), await deployer.getNonce("pending")];
    if (sent !== mined) throw new Error(`The deployer ${owner} has ${sent - mined} transaction(s) not mined yet: wait for them (or replace them) before deploying.`);
    // Nothing of the product exists before the next block: an indexer starts there (docs/operations.md §5).
    const startBlock = (await ethers.provider.getBlockNumber()) + 1;
    // Ignition sends the tokens it deploys and Community first (they need nothing deployed), then
    // Revenue, then Main: Main is the deployer's nonce two past the tokens.
    const deployedTokens = TOKEN_SYMBOLS.filter((symbol) => !existing.tokens[symbol]).length;
    return { startBlock, expectedMain: getCreateAddress({ from: owner, nonce: mined + deployedTokens + 2 }) };
  });
  const plan: SystemPlan = {
    deployer: owner,
    existingTokens: existing.tokens,
    mintable: TOKEN_SYMBOLS.filter((symbol) => existing.mintable.includes(symbol) || !existing.tokens[symbol]),
    existingMulticall: existing.multicall,
    expectedMain: pinned.expectedMain,
    admin: options.admin ? getAddress(options.admin) : owner,
    delay: options.governanceDelay ?? governanceDelay(hre.network.name),
  };
  const { core, system } = systemModules(plan);
  const ignition = {
    deploymentId: journal ? path.basename(journal) : undefined,
    defaultSender: owner,
    // A Hardhat node mines each transaction as it comes: no need to wait a second for a block.
    config: (await isAutomined(hre)) ? { blockPollingInterval: 20 } : undefined,
  };
  const mainAt = async (main: { getAddress(): Promise<string> }) => {
    const found = await main.getAddress();
    if (found !== plan.expectedMain) {
      throw new Error(`Main was expected at ${plan.expectedMain} but is at ${found}: the deployer sent another transaction while the deployment ran, so Community and Revenue point elsewhere. Nothing was set up; deploy again from a fresh journal.`);
    }
  };
  // With a journal, the three contracts that know each other first, checked before anything is set
  // up; the System module then goes on from the journal. (In-process, nothing else can send.)
  if (journal) await mainAt((await hre.ignition.deploy(core, ignition)).Main);
  const deployed = await hre.ignition.deploy(system, ignition);
  await mainAt(deployed.Main);
  const addresses = Object.fromEntries(await Promise.all(ADDRESS_NAMES.map(async (name) => [name, await deployed[name].getAddress()]))) as AddressBook;
  for (const symbol of TOKEN_SYMBOLS) if (!hasMainnetAddress(symbol)) log(`token ${symbol.padEnd(5)} ${addresses[symbol]}`);
  for (const name of CONTRACT_NAMES) if (!hasMainnetAddress(name) && name !== "AccessManager") log(`${name.padEnd(11)} ${addresses[name]}`);

  // A fork's real tokens are given their reserves, as a mock's are minted.
  if (local) {
    for (const [symbol, to, amount] of RESERVE_LIST) {
      if (!plan.mintable.includes(symbol)) await fundToken(hre, addresses[symbol], addresses[to], amount);
    }
  } else {
    const unfunded = RESERVE_LIST.filter(([symbol]) => !plan.mintable.includes(symbol));
    for (const [symbol, to, amount] of unfunded) log(`${to} needs ${ethers.formatEther(amount)} ${symbol} in reserve: send it from the treasury`);
  }
  log(`AccessManager ${addresses.AccessManager} owns the product; owner changes wait ${plan.delay} s${plan.admin !== owner ? `; its admin is ${plan.admin}` : ""}`);

  return connectDeployment(hre, addresses, { startBlock: pinned.startBlock, blockNumber: await ethers.provider.getBlockNumber() });
}

/** Whether the node mines each transaction as it comes (a Hardhat node), not every few seconds. */
async function isAutomined(hre: HardhatRuntimeEnvironment): Promise<boolean> {
  return hre.network.provider.request({ method: "hardhat_getAutomine" }).then((on) => on === true, () => false);
}

/** The reserves the contracts pay out of: token, holder, amount. */
const RESERVE_LIST: [TokenSymbol, "Main" | "Revenue" | "Swap", bigint][] = [
  ["USDT", "Main", RESERVES.mainUsdt],
  ["ACB", "Revenue", RESERVES.revenueAcb],
  ...Object.entries(RESERVES.swap).map(([symbol, amount]): [TokenSymbol, "Swap", bigint] => [symbol as TokenSymbol, "Swap", amount]),
];

/**
 * The contracts a deployment uses rather than deploys. On the local chain, those of
 * MAINNET_ADDRESSES at their mainnet address: a fork's real ones, or mocks placed there (ours:
 * they mint). On BNB Chain, its USDT, USDC and Multicall3; on its testnet, Multicall3 where the
 * canonical one is (every other token is a mock of ours).
 */
async function existingContracts(
  hre: HardhatRuntimeEnvironment,
  chainId: number,
  local: boolean,
  log: (message: string) => void,
): Promise<{ tokens: Partial<Record<TokenSymbol, string>>; mintable: TokenSymbol[]; multicall?: string }> {
  const [deployer] = await hre.ethers.getSigners();
  if (local) {
    const place: Placement = { forkBlock: await forkBlockOf(hre), log };
    const mock = (symbol: TokenSymbol) => async () => deployedContract(new MockToken__factory(deployer).deploy(TOKEN_NAMES[symbol], symbol, deployer.address));
    const tokens = { USDT: await placeAtMainnetAddress(hre, "USDT", mock("USDT"), place), USDC: await placeAtMainnetAddress(hre, "USDC", mock("USDC"), place) };
    const multicall = await placeAtMainnetAddress(hre, "Multicall3", () => deployedContract(new Multicall3Deployer(deployer).deploy()), place);
    return { tokens, mintable: place.forkBlock === undefined ? ["USDT", "USDC"] : [], multicall };
  }
  const canonicalMulticall = (await hre.ethers.provider.getCode(MAINNET_ADDRESSES.Multicall3)) !== "0x" ? MAINNET_ADDRESSES.Multicall3 : undefined;
  if (chainId === BSC_CHAIN_ID) return { tokens: { USDT: MAINNET_ADDRESSES.USDT, USDC: MAINNET_ADDRESSES.USDC }, mintable: [], multicall: canonicalMulticall };
  return { tokens: {}, mintable: [], multicall: canonicalMulticall };
}

/** The plan a journal's first run pinned, or `decide`'s, pinned now beside the journal. */
async function pinPlan(journal: string | undefined, decide: () => Promise<PinnedPlan>): Promise<PinnedPlan> {
  if (!journal) return decide();
  const file = path.join(journal, "plan.json");
  const kept = await readFile(file, "utf8").then((text) => JSON.parse(text) as PinnedPlan, () => undefined);
  if (kept) return kept;
  const plan = await decide();
  await mkdir(journal, { recursive: true });
  await writeFile(file, `${JSON.stringify({ _generated: "Pinned by scripts/lib/deploy.ts at this deployment's first run; do not edit.", ...plan }, null, 2)}\n`);
  return plan;
}

/** The product contracts of an address book, bound to the deployer (signer 0) through the
 *  bindings generated from contracts-abi/. */
export async function connectDeployment(
  hre: HardhatRuntimeEnvironment,
  addresses: AddressBook,
  blocks: DeploymentBlocks,
): Promise<Deployment> {
  const [deployer] = await hre.ethers.getSigners();
  const main = Main__factory.connect(addresses.Main, deployer);
  const community = Community__factory.connect(addresses.Community, deployer);
  const tokens = {} as Record<TokenSymbol, ERC20>;
  for (const symbol of TOKEN_SYMBOLS) tokens[symbol] = ERC20__factory.connect(addresses[symbol], deployer);
  return {
    chainId: Number((await hre.ethers.provider.getNetwork()).chainId),
    startBlock: blocks.startBlock,
    blockNumber: blocks.blockNumber,
    addresses,
    deployer: deployer.address,
    genesis: await community.genesis(),
    treasury: await main.treasury(),
    tokens,
    main,
    revenue: Revenue__factory.connect(addresses.Revenue, deployer),
    community,
    swap: Swap__factory.connect(addresses.Swap, deployer),
    market: MvMarket__factory.connect(addresses.MvMarket, deployer),
    multicall: Multicall3__factory.connect(addresses.Multicall3, deployer),
    manager: AccessManager__factory.connect(addresses.AccessManager, deployer),
  };
}

/** Reads an address book written by `writeAddressBook`. */
export async function readAddressBook(file: string): Promise<DeploymentBlocks & { chainId: number; contracts: AddressBook }> {
  const book = JSON.parse(await readFile(file, "utf8")) as DeploymentBlocks & { chainId: number; contracts: AddressBook };
  for (const name of ADDRESS_NAMES) {
    if (!book.contracts?.[name]) throw new Error(`${file} has no address for ${name}`);
  }
  return book;
}

/**
 * Gives `to` `amount` of a token: by minting when it is one of our mocks, otherwise (a real token
 * on a fork of BNB Chain) by writing its balance slot directly.
 */
export async function fundToken(hre: HardhatRuntimeEnvironment, token: string, to: string, amount: bigint): Promise<void> {
  const [deployer] = await hre.ethers.getSigners();
  if (await isOurMockToken(hre, token)) {
    const mock = MockToken__factory.connect(token, deployer);
    await (await mock.mint(to, amount)).wait();
    return;
  }
  await setBalanceBySlot(hre, token, to, (await ERC20__factory.connect(token, deployer).balanceOf(to)) + amount);
}

/** The address book written for the web app and the indexer: chain, blocks and `{ name: address }`. */
export async function writeAddressBook(
  deployment: Deployment,
  networkName: string,
  directory = DEPLOYMENTS_DIRECTORY,
): Promise<string> {
  const file = addressBookFile(networkName, directory);
  const book = {
    _generated: "Written by scripts/deploy.ts for this network; do not edit.",
    network: networkName,
    chainId: deployment.chainId,
    startBlock: deployment.startBlock,
    blockNumber: deployment.blockNumber,
    contracts: deployment.addresses,
  };
  await mkdir(directory, { recursive: true });
  await writeFile(file, `${JSON.stringify(book, null, 2)}\n`);
  return file;
}

// ---------------------------------------------------------------- helpers

async function deployedContract<T extends { waitForDeployment(): Promise<unknown> }>(pending: Promise<T>): Promise<T> {
  const contract = await pending;
  await contract.waitForDeployment();
  return contract;
}

/** Where the deploy runs (the block of BNB Chain it forks, if any), and where it says what it kept. */
interface Placement {
  forkBlock: number | undefined;
  log: (message: string) => void;
}

/** The block of BNB Chain the node forks (hardhat_metadata), or undefined on a local chain. */
async function forkBlockOf(hre: HardhatRuntimeEnvironment): Promise<number | undefined> {
  const metadata = (await hre.network.provider.request({ method: "hardhat_metadata" })) as { forkedNetwork?: { forkBlockNumber: number } };
  return metadata.forkedNetwork?.forkBlockNumber;
}

/**
 * Contracts named in MAINNET_ADDRESSES keep their mainnet address. On a fork of BNB Chain the real
 * contract is there and is kept; if it is not, the endpoint is not BNB Chain mainnet at that block,
 * and the deploy stops rather than put a mock where users expect the real token. On a local chain
 * `deploy` makes a fresh mock, then its code and storage are copied there (or an earlier deploy's
 * mock, already there, is kept). Each says which, on its line.
 */
async function placeAtMainnetAddress(
  hre: HardhatRuntimeEnvironment,
  name: MainnetName,
  deploy: () => Promise<BaseContract>,
  { forkBlock, log }: Placement,
): Promise<string> {
  const target = MAINNET_ADDRESSES[name];
  const hasCode = (await hre.ethers.provider.getCode(target)) !== "0x";
  if (forkBlock !== undefined) {
    if (!hasCode) {
      throw new Error(
        `BNB Chain's ${name} has no code at ${target} on this fork (block ${forkBlock}), so the deploy stopped rather than place a mock there: point BSC_FORK_URL at BNB Chain mainnet, at a block after the contract was deployed.`,
      );
    }
    log(`${name.padEnd(11)} ${target} kept BNB Chain's contract`);
    return target;
  }
  if (hasCode) {
    log(`${name.padEnd(11)} ${target} kept the mock an earlier deploy placed`);
    return target;
  }
  const fresh = await deploy();
  await copyContract(hre, await fresh.getAddress(), target);
  log(`${name.padEnd(11)} ${target} placed a mock`);
  return target;
}

async function copyContract(hre: HardhatRuntimeEnvironment, from: string, to: string): Promise<void> {
  const { provider } = hre.ethers;
  await provider.send("hardhat_setCode", [to, await provider.getCode(from)]);
  for (let slot = 0; slot < COPIED_SLOTS; slot++) {
    const value = await provider.getStorage(from, slot);
    if (value !== ZeroHash) await provider.send("hardhat_setStorageAt", [to, toQuantity(slot), value]);
  }
}

async function isOurMockToken(hre: HardhatRuntimeEnvironment, token: string): Promise<boolean> {
  const artifact = await hre.artifacts.readArtifact("MockToken");
  return (await hre.ethers.provider.getCode(token)) === artifact.deployedBytecode;
}

/** Finds the `mapping(address => uint256)` of balances by trying the usual slots (Solidity and
 *  Vyper key order), keeping the write that makes `balanceOf` report the new amount. */
async function setBalanceBySlot(hre: HardhatRuntimeEnvironment, token: string, holder: string, amount: bigint): Promise<void> {
  const { provider } = hre.ethers;
  const coder = hre.ethers.AbiCoder.defaultAbiCoder();
  const erc20 = ERC20__factory.connect(token, provider);
  const value = hre.ethers.zeroPadValue(hre.ethers.toBeHex(amount), 32);
  for (let slot = 0; slot < 20; slot++) {
    for (const key of [coder.encode(["address", "uint256"], [holder, slot]), coder.encode(["uint256", "address"], [slot, holder])]) {
      const storageKey = hre.ethers.keccak256(key);
      const previous = await provider.getStorage(token, storageKey);
      await provider.send("hardhat_setStorageAt", [token, storageKey, value]);
      if ((await erc20.balanceOf(holder)) === amount) return;
      await provider.send("hardhat_setStorageAt", [token, storageKey, previous]);
    }
  }
  throw new Error(`could not find the balance slot of token ${token}`);
}
