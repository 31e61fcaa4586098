/**
 * Deploys the mocks of every product contract to the network of `hre` (in-process or localhost),
 * wires and configures them, and funds the contracts that pay out. Used by `scripts/deploy.ts`, by
 * the seed, and by the contract tests' fixtures, so that tests run against the real deployment.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";

import { ZeroHash, getCreateAddress, toQuantity } from "ethers";
import type { BaseContract, Signer } from "ethers";
import type { HardhatRuntimeEnvironment } from "hardhat/types";

import {
  Community__factory as CommunityDeployer,
  Main__factory as MainDeployer,
  MockToken__factory,
  Multicall3__factory as Multicall3Deployer,
  MvMarket__factory as MvMarketDeployer,
  Revenue__factory as RevenueDeployer,
  Swap__factory as SwapDeployer,
} from "../../mocks/types";
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
  CONTRACT_NAMES,
  MAINNET_ADDRESSES,
  SWAP_ROUTES,
  SYNTHESIS_TOKENS,
  TOKEN_SYMBOLS,
  type AddressBook,
  type MainnetName,
  type TokenSymbol,
} from "../../contracts-abi/product";
import { DEPLOYMENTS_DIRECTORY, LOCAL_DEPLOYMENT, addressBookFile, deploymentName } from "./deployments";
import { hasMainnetAddress } from "./chain";
import { deployManager, governanceDelay, handOver } from "./governance";
import { DAILY_LIMITS_USD, DAILY_RATE_BPS, OUT_MULTIPLE, PRICES, RESERVES, SYNTHESIS_MULTIPLES, TOKEN_NAMES } from "./deploy-defaults";

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
}

/** A tuple with one `V` per element of tuple `T`. */
type OnePer<T extends readonly unknown[], V> = { -readonly [K in keyof T]: V };

/** Storage slots copied when a fresh contract is moved to its mainnet address (an OpenZeppelin ERC-20
 *  with Ownable2Step uses seven; balances and allowances live in hashed slots and start empty). */
const COPIED_SLOTS = 16;

export async function deployAll(hre: HardhatRuntimeEnvironment, options: DeployOptions = {}): Promise<Deployment> {
  const { ethers } = hre;
  const log = options.log ?? (() => undefined);
  const [deployer] = await ethers.getSigners();
  // The deployer owns every contract, is the root of the referral tree (genesis) and the treasury,
  // which receives what synthesis is paid with (except ACB, which is burned).
  const owner = deployer.address;
  const chainId = Number((await ethers.provider.getNetwork()).chainId);
  if (chainId !== BSC_CHAIN_ID) throw new Error(`expected a chain with id ${BSC_CHAIN_ID}, got ${chainId}`);

  // Nothing of the product exists before the next block: an indexer starts there (docs/operations.md §5).
  const startBlock = (await ethers.provider.getBlockNumber()) + 1;
  const place: Placement = { forkBlock: await forkBlockOf(hre), log };
  const tokenAddresses = {} as Record<TokenSymbol, string>;
  for (const symbol of TOKEN_SYMBOLS) {
    tokenAddresses[symbol] = await deployToken(hre, deployer, symbol, place);
    if (!hasMainnetAddress(symbol)) log(`token ${symbol.padEnd(5)} ${tokenAddresses[symbol]}`);
  }
  const multicallAddress = await placeAtMainnetAddress(hre, "Multicall3", () => deployed(new Multicall3Deployer(deployer).deploy()), place);

  // Community and Revenue keep Main's address as an immutable, and Main keeps theirs: they are
  // deployed first, with the address Main will get from the deployer's nonce two transactions on.
  const expectedMain = getCreateAddress({ from: owner, nonce: (await deployer.getNonce()) + 2 });
  const community = await deployed(new CommunityDeployer(deployer).deploy(owner, expectedMain, owner));
  const revenue = await deployed(
    new RevenueDeployer(deployer).deploy(expectedMain, community, tokenAddresses.ACB, DAILY_RATE_BPS, OUT_MULTIPLE, owner),
  );
  const main = await deployed(
    new MainDeployer(deployer).deploy(community, revenue, tokenAddresses.ACB, tokenAddresses.USDT, owner, owner),
  );
  if ((await main.getAddress()) !== expectedMain) throw new Error(`Main was expected at ${expectedMain}`);
  // The Swap constructor takes its six tokens in a fixed order, and the routes' daily limits in
  // the order of its route enum, which SWAP_ROUTES follows (`map` keeps the length TypeScript loses).
  const dailyLimits = SWAP_ROUTES.map((route) => DAILY_LIMITS_USD[route.name]) as OnePer<typeof SWAP_ROUTES, bigint>;
  const swap = await deployed(
    new SwapDeployer(deployer).deploy(
      main,
      [tokenAddresses.MV, tokenAddresses.WXB, tokenAddresses.USDX, tokenAddresses.X, tokenAddresses.ACB, tokenAddresses.USDT],
      dailyLimits,
      owner,
    ),
  );
  const market = await deployed(
    new MvMarketDeployer(deployer).deploy(main, tokenAddresses.MV, tokenAddresses.USDT, owner),
  );

  const addresses: AddressBook = {
    ...tokenAddresses,
    Main: await main.getAddress(),
    Revenue: await revenue.getAddress(),
    Community: await community.getAddress(),
    Swap: await swap.getAddress(),
    MvMarket: await market.getAddress(),
    Multicall3: multicallAddress,
    // Deployed last, once the contracts are set up (below).
    AccessManager: "",
  };
  // Multicall3 said where it is, and what it kept, when it was placed; AccessManager says it below.
  for (const name of CONTRACT_NAMES) if (!hasMainnetAddress(name) && name !== "AccessManager") log(`${name.padEnd(11)} ${addresses[name]}`);

  for (const symbol of TOKEN_SYMBOLS) {
    await (await main.setPrice(tokenAddresses[symbol], PRICES[symbol])).wait();
  }
  for (const symbol of SYNTHESIS_TOKENS) {
    const multiple = SYNTHESIS_MULTIPLES[symbol];
    await (await main.setSynthesisRule(tokenAddresses[symbol], multiple, multiple, true)).wait();
  }

  await fundToken(hre, tokenAddresses.USDT, addresses.Main, RESERVES.mainUsdt);
  await fundToken(hre, tokenAddresses.ACB, addresses.Revenue, RESERVES.revenueAcb);
  for (const [symbol, amount] of Object.entries(RESERVES.swap)) {
    await fundToken(hre, tokenAddresses[symbol as TokenSymbol], addresses.Swap, amount);
  }

  // Set up, the contracts go to their owner for good: the AccessManager, whose admin (the deployer)
  // waits the governance delay for every change but price steps (docs/decisions/governance.md).
  const delay = options.governanceDelay ?? governanceDelay(hre.network.name);
  const manager = await deployManager(deployer);
  addresses.AccessManager = await manager.getAddress();
  await handOver(manager, { Main: main, Revenue: revenue, Community: community, Swap: swap, MvMarket: market }, deployer, delay);
  log(`AccessManager ${addresses.AccessManager} owns the product; owner changes wait ${delay} s`);

  return connectDeployment(hre, addresses, { startBlock, blockNumber: await ethers.provider.getBlockNumber() });
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

async function deployed<T extends { waitForDeployment(): Promise<unknown> }>(pending: Promise<T>): Promise<T> {
  const contract = await pending;
  await contract.waitForDeployment();
  return contract;
}

/** A mock token; at its mainnet address when the token has one (USDT, USDC). */
async function deployToken(hre: HardhatRuntimeEnvironment, deployer: Signer, symbol: TokenSymbol, place: Placement): Promise<string> {
  const deploy = async () => deployed(new MockToken__factory(deployer).deploy(TOKEN_NAMES[symbol], symbol, await deployer.getAddress()));
  if (hasMainnetAddress(symbol)) return placeAtMainnetAddress(hre, symbol, deploy, place);
  return (await deploy()).getAddress();
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
