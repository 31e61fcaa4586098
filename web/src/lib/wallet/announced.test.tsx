/**
 * Several wallets in one browser: two announce themselves (EIP-6963) and a third only sets
 * `window.ethereum`. The user picks one; only that one is asked anything, only its events count,
 * and the choice is remembered for the next visit.
 */
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { announceProvider, type EIP1193Provider } from "mipd";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { ScriptedProvider } from "@/test/eip1193-mock";
import { mockRpc } from "@/test/rpc-mock";
import { ConnectButton } from "@/widgets/wallet-button";

import { checkAnnouncement, walletDiscovery } from "./discovery";
import { WalletProvider, connectWallet, disconnectWallet, startupConnection, useWallet, walletOptions } from "./wallet";

const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
/** A 1×1 PNG: wallets' icons are raster images (an SVG one is not shown). */
const ICON = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==";
const SVG_ICON = "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=";

let first: ScriptedProvider;
let second: ScriptedProvider;
let third: ScriptedProvider;
const unannounce: (() => void)[] = [];

function announce(provider: ScriptedProvider, rdns: string, name: string, icon = ICON): void {
  unannounce.push(announceProvider({ info: { uuid: crypto.randomUUID(), name, icon: icon as `data:image/${string}`, rdns }, provider: provider as unknown as EIP1193Provider }));
}

beforeEach(() => {
  mockRpc();
  window.localStorage.clear();
  first = new ScriptedProvider([ALICE], "0x38");
  second = new ScriptedProvider([BOB], "0x38");
  third = new ScriptedProvider([ALICE], "0x38");
  Object.assign(window, { ethereum: third });
  walletDiscovery.reset();
});

afterEach(async () => {
  await act(() => disconnectWallet());
  for (const stop of unannounce.splice(0)) stop();
  walletDiscovery.reset();
  delete (window as { ethereum?: unknown }).ethereum;
});

function Account() {
  const { account, name } = useWallet();
  return (
    <output aria-label="account">
      {account ?? "none"} {name}
    </output>
  );
}

/** The first two wallets announce themselves (the third is window.ethereum). */
function announceTwo(): void {
  announce(first, "com.example.first", "First Wallet");
  announce(second, "com.example.second", "Second Wallet");
}

function renderAccount(): void {
  render(
    <WalletProvider>
      <Account />
    </WalletProvider>,
  );
}

function renderConnectButton(): void {
  render(
    <WalletProvider>
      <MemoryRouter>
        <ConnectButton />
      </MemoryRouter>
    </WalletProvider>,
  );
}

describe("announced wallets (EIP-6963)", () => {
  it("are the ways to connect, before window.ethereum, each with its own name and icon", () => {
    announceTwo();
    expect(walletOptions().filter((option) => option.choice !== "dev")).toEqual([
      { choice: "announced:com.example.first", name: "First Wallet", icon: ICON },
      { choice: "announced:com.example.second", name: "Second Wallet", icon: ICON },
    ]);
  });

  it("connect the one picked: only it is asked, only its events count, and it is remembered", async () => {
    announceTwo();
    renderAccount();
    expect(await connectWallet("announced:com.example.second")).toBeUndefined();
    await waitFor(() => expect(screen.getByLabelText("account")).toHaveTextContent(`${BOB} Second Wallet`));
    expect(second.called("eth_requestAccounts")).toHaveLength(1);
    expect(second.called("wallet_switchEthereumChain")).toHaveLength(1);
    expect(first.requests).toEqual([]);
    expect(third.requests).toEqual([]);
    expect(window.localStorage.getItem("am-wallet")).toBe("announced:com.example.second");

    // The wallets not picked change accounts: nothing happens. The picked one does: the app follows.
    act(() => first.emit("accountsChanged", [ALICE]));
    act(() => third.emit("accountsChanged", [ALICE]));
    act(() => first.emit("chainChanged", "0x1"));
    expect(screen.getByLabelText("account")).toHaveTextContent(BOB);
    act(() => second.emit("accountsChanged", [ALICE]));
    await waitFor(() => expect(screen.getByLabelText("account")).toHaveTextContent(ALICE));
  });

  it("moving from one announced wallet to another stops listening to the first", async () => {
    announceTwo();
    renderAccount();
    await connectWallet("announced:com.example.first");
    await connectWallet("announced:com.example.second");
    await waitFor(() => expect(screen.getByLabelText("account")).toHaveTextContent(BOB));
    act(() => first.emit("accountsChanged", [ALICE]));
    expect(screen.getByLabelText("account")).toHaveTextContent(BOB);
  });

  it("a rejected move to another wallet keeps the one connected, and the rejected one's events change nothing", async () => {
    announceTwo();
    renderAccount();
    await connectWallet("announced:com.example.first");
    await waitFor(() => expect(screen.getByLabelText("account")).toHaveTextContent(`${ALICE} First Wallet`));
    second.fail("eth_requestAccounts", 4001);
    expect(await connectWallet("announced:com.example.second")).toBe("rejected");
    await waitFor(() => expect(screen.getByLabelText("account")).toHaveTextContent(`${ALICE} First Wallet`));
    expect(window.localStorage.getItem("am-wallet")).toBe("announced:com.example.first");
    act(() => second.emit("accountsChanged", [BOB]));
    act(() => second.emit("chainChanged", "0x1"));
    expect(screen.getByLabelText("account")).toHaveTextContent(`${ALICE} First Wallet`);
    // The wallet still connected is still followed.
    act(() => first.emit("accountsChanged", [BOB]));
    await waitFor(() => expect(screen.getByLabelText("account")).toHaveTextContent(`${BOB} First Wallet`));
  });

  it("a wallet whose connection was rejected is not listened to", async () => {
    announceTwo();
    renderAccount();
    second.fail("eth_requestAccounts", 4001);
    expect(await connectWallet("announced:com.example.second")).toBe("rejected");
    act(() => second.emit("accountsChanged", [BOB]));
    act(() => second.emit("chainChanged", "0x38"));
    expect(screen.getByLabelText("account")).toHaveTextContent("none");
  });

  it("at startup: the remembered wallet silently (eth_accounts, no prompt); else the only one (silently on a desktop, connect.test.tsx); with several and none picked, none", async () => {
    announce(first, "com.example.first", "First Wallet");
    expect(startupConnection()).toEqual({ choice: "announced:com.example.first", eager: true });
    announce(second, "com.example.second", "Second Wallet");
    expect(startupConnection()).toBeUndefined();
    window.localStorage.setItem("am-wallet", "announced:com.example.second");
    expect(startupConnection()).toEqual({ choice: "announced:com.example.second", eager: true });

    expect(await connectWallet("announced:com.example.second", { eager: true })).toBeUndefined();
    expect(second.called("eth_accounts")).toHaveLength(1);
    expect(second.called("eth_requestAccounts")).toHaveLength(0);
    // A wallet that no longer shows the app an account leaves it disconnected, without a prompt.
    second.accounts = [];
    await disconnectWallet();
    window.localStorage.setItem("am-wallet", "announced:com.example.second");
    second.reset();
    expect(await connectWallet("announced:com.example.second", { eager: true })).toBeUndefined();
    expect(second.called("eth_requestAccounts")).toHaveLength(0);
    // Nor is it asked to switch or add the chain (a prompt at page load, for a site it did not let in).
    expect(second.called("wallet_switchEthereumChain")).toHaveLength(0);
    expect(second.called("wallet_addEthereumChain")).toHaveLength(0);
  });

  it("a remembered wallet that is gone is waited for a moment, then forgotten: next time the others decide", async () => {
    window.localStorage.setItem("am-wallet", "announced:com.example.gone");
    announce(first, "com.example.first", "First Wallet");
    expect(startupConnection()).toEqual({ choice: "announced:com.example.gone", eager: true });
    expect(await connectWallet("announced:com.example.gone", { eager: true })).toBe("other");
    expect(window.localStorage.getItem("am-wallet")).toBeNull();
    expect(startupConnection()).toEqual({ choice: "announced:com.example.first", eager: true });
    expect(first.requests).toEqual([]);
  });

  it("a remembered wallet that announces itself late is still reconnected", async () => {
    window.localStorage.setItem("am-wallet", "announced:com.example.late");
    const connecting = connectWallet("announced:com.example.late", { eager: true });
    setTimeout(() => announce(second, "com.example.late", "Late Wallet"), 100);
    expect(await connecting).toBeUndefined();
    expect(second.called("eth_accounts")).toHaveLength(1);
  });

  it("a window.ethereum set after the page loaded (phone in-app browsers) is offered once it says so", async () => {
    delete (window as { ethereum?: unknown }).ethereum;
    renderConnectButton();
    await userEvent.click(screen.getByRole("button", { name: "Connect" }));
    // The menu's items load when it first opens.
    expect((await screen.findAllByRole("menuitem")).map((item) => item.textContent)).toEqual(["Dev wallet"]);
    Object.assign(window, { ethereum: third });
    act(() => void window.dispatchEvent(new Event("ethereum#initialized")));
    await waitFor(() => expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Browser wallet", "Dev wallet"]));
  });

  it("the menu lists them by name and icon, and the name is text, never HTML", async () => {
    announce(first, "com.example.first", "<img src=x onerror=alert(1)>");
    announce(second, "com.example.second", "Second Wallet");
    renderConnectButton();
    await userEvent.click(screen.getByRole("button", { name: "Connect" }));
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toContain("<img src=x onerror=alert(1)>");
    expect(items[0].querySelectorAll("img")).toHaveLength(1);
    expect(items[0].querySelector("img")!.getAttribute("src")).toBe(ICON);
    await userEvent.click(screen.getByRole("menuitem", { name: "Second Wallet" }));
    await waitFor(() => expect(second.called("eth_requestAccounts")).toHaveLength(1));
    expect(first.requests).toEqual([]);
  });
});

describe("an announcement", () => {
  const provider = new ScriptedProvider();
  const info = { uuid: "1", name: "A Wallet", icon: ICON, rdns: "com.example.a" };

  it("needs a provider with request, a name and a reverse-DNS id", () => {
    expect(checkAnnouncement({ info, provider })?.rdns).toBe("com.example.a");
    expect(checkAnnouncement({ info })).toBeUndefined();
    expect(checkAnnouncement({ info, provider: {} })).toBeUndefined();
    expect(checkAnnouncement({ info: { ...info, name: "  " }, provider })).toBeUndefined();
    expect(checkAnnouncement({ info: { ...info, rdns: "not a domain" }, provider })).toBeUndefined();
    expect(checkAnnouncement(null)).toBeUndefined();
    expect(checkAnnouncement("wallet")).toBeUndefined();
  });

  it("keeps an icon only when it is an image data URI", () => {
    for (const icon of ["javascript:alert(1)", "https://evil.example/icon.png", "data:text/html,<script>alert(1)</script>", 42]) {
      expect(checkAnnouncement({ info: { ...info, icon }, provider })?.icon).toBeUndefined();
    }
    expect(checkAnnouncement({ info: { ...info, icon: "data:image/png;base64,iVBORw0KGgo=" }, provider })?.icon).toBe("data:image/png;base64,iVBORw0KGgo=");
  });

  it("has its name cut to fit and its spaces folded", () => {
    expect(checkAnnouncement({ info: { ...info, name: " My \n Wallet " }, provider })?.name).toBe("My Wallet");
    expect(checkAnnouncement({ info: { ...info, name: "W".repeat(200) }, provider })?.name).toBe(`${"W".repeat(39)}…`);
  });

  it("keeps no SVG icon (an SVG, even as an <img>, can take the page's thread for as long as it likes)", () => {
    expect(checkAnnouncement({ info: { ...info, icon: SVG_ICON }, provider })?.icon).toBeUndefined();
    expect(checkAnnouncement({ info: { ...info, icon: "data:image/SVG+XML,<svg/>" }, provider })?.icon).toBeUndefined();
    for (const type of ["png", "jpeg", "gif", "webp"]) {
      expect(checkAnnouncement({ info: { ...info, icon: `data:image/${type};base64,AAAA` }, provider })?.icon).toBe(`data:image/${type};base64,AAAA`);
    }
  });

  it("has its name cleared of direction overrides, control and invisible characters: none can make it read as another", () => {
    const nameOf = (name: string) => checkAnnouncement({ info: { ...info, name }, provider })?.name;
    // Shown as "MetaMask" by the right-to-left override, were it kept.
    expect(nameOf("\u202EksaMateM")).toBe("ksaMateM");
    expect(nameOf("\u2067Meta\u200BMask\u2069\u200E\u061C")).toBe("MetaMask");
    expect(nameOf("Meta\u0000Mask\u00AD\uFEFF\u2060")).toBe("MetaMask");
    expect(nameOf("Meta\u2028Mask\u3000 Wallet")).toBe("Meta Mask Wallet");
    // Nothing left to show: not a wallet.
    expect(nameOf("\u202E\u200B\u202C \u0007")).toBeUndefined();
  });

  it("that is malformed changes nothing for the wallets announced after it", () => {
    const throwing = Object.defineProperty({}, "info", {
      get() {
        throw new Error("boom");
      },
    });
    walletDiscovery.start();
    // null is also what the page sees of an announcement sent from an extension's isolated world.
    for (const detail of [null, {}, { provider }, throwing]) window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
    announce(new ScriptedProvider(), "com.example.after", "After");
    expect(walletDiscovery.list().map((wallet) => wallet.rdns)).toEqual(["com.example.after"]);
  });

  it("of an rdns already announced is another script claiming to be that wallet: the first stays", () => {
    const impostor = new ScriptedProvider();
    const real = new ScriptedProvider();
    announce(real, "com.example.same", "Real");
    announce(impostor, "com.example.same", "Impostor");
    expect(walletDiscovery.find("com.example.same")?.provider).toBe(real);
  });
});

describe("many announcements", () => {
  it("only the first ten wallets announced are listed", () => {
    walletDiscovery.start();
    for (let index = 0; index < 30; index++) announce(new ScriptedProvider(), `com.example.w${index}`, `Wallet ${index}`);
    expect(walletDiscovery.list().map((wallet) => wallet.rdns)).toEqual(Array.from({ length: 10 }, (_, index) => `com.example.w${index}`));
    expect(walletOptions().filter((option) => option.choice !== "dev")).toHaveLength(10);
    expect(walletDiscovery.isCrowded()).toBe(true);
  });

  it("ten fakes announced first cannot crowd out the browser's default wallet (the one that is window.ethereum)", () => {
    walletDiscovery.start();
    for (let index = 0; index < 10; index++) announce(new ScriptedProvider(), `com.example.fake${index}`, `MetaMask ${index}`);
    announce(new ScriptedProvider(), "com.example.late", "Late");
    announce(third, "io.metamask", "MetaMask");
    const listed = walletDiscovery.list().map((wallet) => wallet.rdns);
    expect(listed).toHaveLength(11);
    expect(listed.at(-1)).toBe("io.metamask");
    expect(listed).not.toContain("com.example.late");
    expect(walletDiscovery.find("io.metamask")?.provider).toBe(third);
  });

  it("exactly ten wallets are all listed, and nothing says some are not", () => {
    walletDiscovery.start();
    for (let index = 0; index < 10; index++) announce(new ScriptedProvider(), `com.example.w${index}`, `Wallet ${index}`);
    expect(walletDiscovery.list()).toHaveLength(10);
    expect(walletDiscovery.isCrowded()).toBe(false);
    // The same ten announcing again (a reset asks them anew) take no one's place.
    for (let index = 0; index < 10; index++) window.dispatchEvent(new Event("eip6963:requestProvider"));
    expect(walletDiscovery.isCrowded()).toBe(false);
  });
});

describe("a wallet name with a letter outside ASCII", () => {
  it("shows its domain, so 'MetaMаsk' with a Cyrillic а does not read as MetaMask alone", () => {
    announce(first, "io.metamask", "MetaMask");
    announce(second, "com.evil", "MetaM\u0430sk");
    announce(third, "com.example.plain", "Plain Wallet");
    expect(walletOptions().filter((option) => option.choice !== "dev")).toEqual([
      { choice: "announced:io.metamask", name: "MetaMask", icon: ICON },
      { choice: "announced:com.evil", name: "MetaM\u0430sk", icon: ICON, domain: "evil.com" },
      { choice: "announced:com.example.plain", name: "Plain Wallet", icon: ICON },
    ]);
  });
});

describe("wallets with the same name", () => {
  it("each show their domain (the rdns reversed) under the name; a name no other wallet uses shows none", async () => {
    announce(first, "io.metamask", "MetaMask");
    announce(second, "com.evil.wallet", "metamask");
    announce(third, "com.example.other", "Other");
    expect(walletOptions().filter((option) => option.choice !== "dev")).toEqual([
      { choice: "announced:io.metamask", name: "MetaMask", icon: ICON, domain: "metamask.io" },
      { choice: "announced:com.evil.wallet", name: "metamask", icon: ICON, domain: "wallet.evil.com" },
      { choice: "announced:com.example.other", name: "Other", icon: ICON },
    ]);
    renderConnectButton();
    await userEvent.click(screen.getByRole("button", { name: "Connect" }));
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["MetaMaskmetamask.io", "metamaskwallet.evil.com", "Other", "Dev wallet"]);
  });
});
