/**
 * BNB Chain's testnet, proved on this machine (docs/operations.md §9): a `hardhat node` that is
 * chain 97; the deploy command (Hardhat Ignition, `--network bscTestnet`, the key from the
 * environment) killed after its first transactions and run again, which resumes its journal; the
 * app built for the testnet (NETWORK=testnet) against the address book that deploy wrote; and one
 * synthesis in the browser, from a wallet on chain 97.
 */
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";

import { JsonRpcProvider, Wallet, parseEther } from "ethers";
import { afterAll, describe, expect, it } from "vitest";

import { BSC_TESTNET_CHAIN_ID } from "../../contracts-abi/product";
import { Community__factory, Main__factory } from "../../typechain-types";
import { MockToken__factory } from "../../mocks/types";
import { freePort } from "../../scripts/lib/free-port";
import { hardhatKey } from "../../scripts/lib/injected-wallet";
import { ROOT, VITE_ARGS, bin, runToEnd, startNode, startService, waitUntil, type Service } from "../../scripts/lib/stack";
import { deployKilledAndResumed } from "../../scripts/lib/testnet-deployment";
import { RESULTS_DIR } from "./global-setup";
import { awaitToast, field, figure, openApp } from "./support/browser";
import { localOnlyMarksIn } from "./support/build";

const DEPLOYER_KEY = hardhatKey(0);
const MEMBER_KEY = hardhatKey(5);
const NAME = `e2e-testnet-${process.pid}`;
const DIST = path.join(RESULTS_DIR, "testnet-dist");

const services: Service[] = [];
afterAll(async () => {
  await Promise.all(services.map((service) => service.stop()));
  rmSync(path.join(ROOT, "deployments/ignition/deployments", NAME), { recursive: true, force: true });
  rmSync(path.join(ROOT, "deployments", `${NAME}.json`), { force: true });
  rmSync(DIST, { recursive: true, force: true });
});

describe("BNB Chain's testnet", () => {
  it("takes a deployment killed and resumed, an app built on its address book, and a synthesis in the browser", { timeout: 300_000 }, async () => {
    const nodePort = await freePort();
    services.push(await startNode(nodePort, undefined, { LOCAL_CHAIN_ID: String(BSC_TESTNET_CHAIN_ID) }));
    const nodeUrl = `http://127.0.0.1:${nodePort}`;

    const { sentBeforeKill, sent, addressBook } = await deployKilledAndResumed({ url: nodeUrl, name: NAME, deployerKey: DEPLOYER_KEY });
    expect(sentBeforeKill).toBeLessThan(sent);
    const book = JSON.parse(readFileSync(addressBook, "utf8")) as { chainId: number; contracts: Record<string, string> };
    expect(book.chainId).toBe(BSC_TESTNET_CHAIN_ID);

    // A member (under the deployer, the referral tree's root) with USDT, as a faucet would give.
    const provider = new JsonRpcProvider(nodeUrl, BSC_TESTNET_CHAIN_ID, { staticNetwork: true });
    const deployer = new Wallet(DEPLOYER_KEY, provider);
    const member = new Wallet(MEMBER_KEY, provider);
    await (await Community__factory.connect(book.contracts.Community, member).register(deployer.address)).wait();
    await (await MockToken__factory.connect(book.contracts.USDT, deployer).mint(member.address, parseEther("1000"))).wait();

    // The app for the testnet, on that address book and that node.
    const webPort = await freePort();
    const web = { NETWORK: "testnet", ADDRESS_BOOK: addressBook, RPC_URLS: nodeUrl, WEB_OUT_DIR: DIST, WEB_PORT: String(webPort), API_PORT: String(await freePort()) };
    await runToEnd("vite build", bin("vite"), ["build", ...VITE_ARGS], { NODE_ENV: "production", ...web });
    // A real network's build: no developer tools (the console, the dev wallet).
    expect(localOnlyMarksIn(DIST)).toEqual([]);
    const preview = startService("vite preview", bin("vite"), ["preview", ...VITE_ARGS], web);
    services.push(preview);
    const webUrl = `http://127.0.0.1:${webPort}`;
    await waitUntil(`the testnet app on ${webUrl}`, async () => (await fetch(webUrl)).ok, preview);

    const app = await openApp({ key: MEMBER_KEY, nodeChainId: BSC_TESTNET_CHAIN_ID, route: "/pages/index/miningUsdt", webUrl, nodeUrl });
    const { page } = app;
    await figure(page, "Lowest hashrate").filter({ hasText: "100" }).waitFor({ timeout: 30_000 });
    await field(page, "Hashrate").fill("100");
    await page.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ }).click();
    await awaitToast(page, "Authorization successful", 30_000);
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    await awaitToast(page, "Synthesis successful", 30_000);

    const records = await Main__factory.connect(book.contracts.Main, provider).recordsOf(member.address, 0n, 10n);
    expect(records.map((record) => record.hashrate)).toEqual([100n]);
    // The wallet was never asked to move to BNB Chain mainnet: the build is the testnet's.
    expect(app.wallet!.chainId).toBe("0x61");
    const asked = app.wallet!.requests.filter((request) => request.method === "wallet_switchEthereumChain" || request.method === "wallet_addEthereumChain");
    expect(asked.map((request) => (request.params[0] as { chainId: string }).chainId)).not.toContain("0x38");
    expect(asked.length, "the chain was asked for on connect").toBeGreaterThan(0);
    expect(app.errors.filter((error) => !error.includes("/api/"))).toEqual([]);
    await app.context.close();
  });
});
