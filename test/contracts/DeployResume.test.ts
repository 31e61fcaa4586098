/**
 * A deployment beyond this machine, proved on it (docs/operations.md §9): `hardhat run
 * scripts/deploy.ts --network bscTestnet`, the deployer's key from the environment, against a
 * `hardhat node` that is chain 97. Killed after its first transactions, the same command resumes
 * Ignition's journal: the system ends complete and nothing was sent twice (the deployer's nonce
 * is that of a deployment never interrupted, on a second node). A mainnet deployment refuses to
 * start without its confirmation and its owner, before it sends anything.
 */
import { rmSync } from "node:fs";
import path from "node:path";

import { expect } from "chai";
import { JsonRpcProvider, Wallet, getCreateAddress } from "ethers";

import { BSC_TESTNET_CHAIN_ID, GOVERNANCE_ROLES, TOKEN_SYMBOLS } from "../../contracts-abi/product";
import { AccessManager__factory, Main__factory } from "../../typechain-types";
import { mainnetRefusal, readAddressBook } from "../../scripts/lib/deploy";
import { PRICES } from "../../scripts/lib/deploy-defaults";
import { freePort } from "../../scripts/lib/free-port";
import { hardhatKey } from "../../scripts/lib/injected-wallet";
import { ROOT, bin, startNode, startService, type Service } from "../../scripts/lib/stack";
import { deployKilledAndResumed, runTestnetDeploy, type TestnetDeploy } from "../../scripts/lib/testnet-deployment";
import { deploymentAdmin } from "../../scripts/deploy";
import { deployerKey, remoteNetworks } from "../../scripts/lib/remote-networks";

const DEPLOYER = new Wallet(hardhatKey(0));
const MULTISIG = new Wallet(hardhatKey(9)).address;

describe("a deployment to bscTestnet", function () {
  this.timeout(600_000);
  const nodes: Service[] = [];
  const names: string[] = [];

  /** A `hardhat node` that is chain 97, and its URL. */
  async function testnetNode(): Promise<string> {
    const port = await freePort();
    nodes.push(await startNode(port, undefined, { LOCAL_CHAIN_ID: String(BSC_TESTNET_CHAIN_ID) }));
    return `http://127.0.0.1:${port}`;
  }

  /** The deploy to `url` as deployment `name`, the roles to the multisig. */
  function plan(url: string, name: string): TestnetDeploy {
    names.push(name);
    return { url, name, deployerKey: DEPLOYER.privateKey, admin: MULTISIG };
  }

  after(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    for (const name of names) {
      rmSync(path.join(ROOT, "deployments/ignition/deployments", name), { recursive: true, force: true });
      rmSync(path.join(ROOT, "deployments", `${name}.json`), { force: true });
    }
  });

  it("resumes from its journal when killed halfway, and deploys nothing twice", async () => {
    const [interrupted, whole] = await Promise.all([testnetNode(), testnetNode()]);
    const name = `test-resume-${process.pid}`;

    const { sentBeforeKill, sent, addressBook } = await deployKilledAndResumed(plan(interrupted, name));
    const book = await readAddressBook(addressBook);
    expect(book.chainId).to.equal(BSC_TESTNET_CHAIN_ID);

    await runTestnetDeploy(plan(whole, `test-whole-${process.pid}`));
    const uninterrupted = await new JsonRpcProvider(whole, BSC_TESTNET_CHAIN_ID, { staticNetwork: true }).getTransactionCount(DEPLOYER.address);
    expect(sentBeforeKill, "killed before the end").to.be.lessThan(sent);
    expect(sent, "the deployer's transactions, resumed against never interrupted").to.equal(uninterrupted);
    const provider = new JsonRpcProvider(interrupted, BSC_TESTNET_CHAIN_ID, { staticNetwork: true });

    // Complete: Main where Community and Revenue expect it (nine tokens deployed first), set up,
    // and owned by the AccessManager, whose roles went to the multisig.
    expect(book.contracts.Main).to.equal(getCreateAddress({ from: DEPLOYER.address, nonce: TOKEN_SYMBOLS.length + 2 }));
    const main = Main__factory.connect(book.contracts.Main, provider);
    for (const symbol of TOKEN_SYMBOLS) expect(await main.priceOf(book.contracts[symbol])).to.equal(PRICES[symbol]);
    expect(await main.owner()).to.equal(book.contracts.AccessManager);
    const manager = AccessManager__factory.connect(book.contracts.AccessManager, provider);
    expect((await manager.hasRole(GOVERNANCE_ROLES.admin, MULTISIG))[0]).to.equal(true);
    expect((await manager.hasRole(GOVERNANCE_ROLES.admin, DEPLOYER.address))[0]).to.equal(false);
    expect((await manager.hasRole(GOVERNANCE_ROLES.priceSetter, MULTISIG))[0]).to.equal(true);
    expect((await manager.hasRole(GOVERNANCE_ROLES.priceSetter, DEPLOYER.address))[0]).to.equal(false);
  });

  it("resumes a run killed between journaling a step and its first transaction (Ignition, patched)", async () => {
    // The kill above lands where it lands: once it fell after Ignition journaled Tokens#MV's
    // execution state and before its first network interaction, and the resume stopped on an
    // internal invariant (IGN1) while collecting pending nonces. Nothing of such a step was sent:
    // scripts/patches has Ignition say it has nothing pending, and the step runs from its start.
    // (Ignition's exports hide this module: required by its path.)
    const { getPendingOnchainInteraction } = (await import(
      path.join(ROOT, "node_modules/@nomicfoundation/ignition-core/dist/src/internal/views/execution-state/get-pending-onchain-interaction.js")
    )) as { getPendingOnchainInteraction: (state: unknown) => unknown };
    const journaledOnly = { id: "Tokens#MV", type: "DEPLOYMENT_EXECUTION_STATE", status: "STARTED", networkInteractions: [] };
    expect(getPendingOnchainInteraction(journaledOnly)).to.equal(undefined);
  });

  it("to BNB Chain mainnet, starts only with DEPLOY_CONFIRM=bsc and an owner, whoever calls it", () => {
    expect(mainnetRefusal(false, 56, {})).to.equal("This deploys to BNB Smart Chain mainnet with real BNB: set DEPLOY_CONFIRM=bsc to confirm it.");
    expect(mainnetRefusal(false, 56, { confirmMainnet: true })).to.equal("A mainnet deployment hands the AccessManager to its owner: set DEPLOY_ADMIN to that address (a multisig).");
    expect(mainnetRefusal(false, 56, { confirmMainnet: true, admin: MULTISIG })).to.equal(undefined);
    // The local chain has BNB Chain's id, and needs neither; nor does the testnet.
    expect(mainnetRefusal(true, 56, {})).to.equal(undefined);
    expect(mainnetRefusal(false, 97, {})).to.equal(undefined);
  });

  it("hands the roles to DEPLOY_ADMIN as an address, checksummed, never the zero address", () => {
    expect(deploymentAdmin({})).to.equal(undefined);
    expect(deploymentAdmin({ DEPLOY_ADMIN: MULTISIG.toLowerCase() })).to.equal(MULTISIG);
    expect(() => deploymentAdmin({ DEPLOY_ADMIN: "0x1234" })).to.throw("DEPLOY_ADMIN must be an address");
    expect(() => deploymentAdmin({ DEPLOY_ADMIN: `0x${"0".repeat(40)}` })).to.throw("DEPLOY_ADMIN is the zero address");
  });

  it("to BNB Chain mainnet without them, sends nothing", async () => {
    // A node with BNB Chain's id stands for mainnet: the refusal comes before any transaction.
    const port = await freePort();
    nodes.push(await startNode(port));
    const url = `http://127.0.0.1:${port}`;
    const refused = startService("deploy", bin("hardhat"), ["run", "scripts/deploy.ts", "--network", "bsc"], { BSC_RPC_URL: url, DEPLOYER_PRIVATE_KEY: DEPLOYER.privateKey });
    expect(await refused.wait()).to.equal(1);
    expect(refused.output.join("\n")).to.include("set DEPLOY_CONFIRM=bsc to confirm it.");
    expect(await new JsonRpcProvider(url, 56, { staticNetwork: true }).getTransactionCount(DEPLOYER.address)).to.equal(0);
  });
});

describe("the deployer's key, from the environment", function () {
  this.timeout(60_000);

  it("is a private key, or a keystore with its password; anything else is one sentence", () => {
    expect(deployerKey({ DEPLOYER_PRIVATE_KEY: DEPLOYER.privateKey })).to.equal(DEPLOYER.privateKey);
    expect(deployerKey({ DEPLOYER_PRIVATE_KEY: DEPLOYER.privateKey.slice(2) })).to.equal(DEPLOYER.privateKey);
    expect(() => deployerKey({ DEPLOYER_PRIVATE_KEY: "0x1234" })).to.throw("DEPLOYER_PRIVATE_KEY must be 32 bytes in hex.");
    expect(() => deployerKey({})).to.throw("A deployment beyond this machine needs the deployer's key: DEPLOYER_PRIVATE_KEY, or DEPLOYER_KEYSTORE with DEPLOYER_KEYSTORE_PASSWORD.");

    const keystore = DEPLOYER.encryptSync("correct horse");
    const read = () => keystore;
    expect(deployerKey({ DEPLOYER_KEYSTORE: "deployer.json", DEPLOYER_KEYSTORE_PASSWORD: "correct horse" }, read)).to.equal(DEPLOYER.privateKey);
    expect(() => deployerKey({ DEPLOYER_KEYSTORE: "deployer.json" }, read)).to.throw("DEPLOYER_KEYSTORE needs DEPLOYER_KEYSTORE_PASSWORD to be decrypted.");
    expect(() => deployerKey({ DEPLOYER_KEYSTORE: "deployer.json", DEPLOYER_KEYSTORE_PASSWORD: "wrong" }, read)).to.throw("DEPLOYER_KEYSTORE (deployer.json) could not be decrypted");
  });

  it("is read for the network a command targets only", () => {
    const networks = remoteNetworks({ BSC_TESTNET_RPC_URL: "http://127.0.0.1:1", DEPLOYER_PRIVATE_KEY: DEPLOYER.privateKey }, ["hardhat", "run", "x.ts", "--network", "bscTestnet"]);
    expect(networks.bscTestnet).to.deep.include({ url: "http://127.0.0.1:1", chainId: 97, accounts: [DEPLOYER.privateKey] });
    expect(networks.bsc).to.deep.include({ url: "https://bsc-dataseed.bnbchain.org", chainId: 56, accounts: [] });
    // Other commands need no key, and a missing one stops nothing.
    expect(remoteNetworks({}, ["hardhat", "test"]).bsc.accounts).to.deep.equal([]);
  });
});
