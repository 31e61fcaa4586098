import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { getBytes } from "ethers/utils";
import { Wallet } from "ethers/wallet";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { DEV_WALLET_KEY } from "@/lib/wallet/dev-wallet-provider";
import { useAppStore } from "@/store";
import { mockAccountApi, signWithTestKey, type ApiMember } from "@/test/account-api-mock";
import { stubChain } from "@/test/chain-stub";
import { ALICE, BOB, disconnect, refusalText, renderPage, toastKeys, wallet, where } from "@/test/render-page";

const alicesAccount: ApiMember = { account: "alice", password: "secret!", wallet: ALICE, referrer: BOB, registeredAt: "2026-01-01T00:00:00.000Z" };

beforeEach(() => {
  stubChain();
  signWithTestKey();
});

afterEach(async () => {
  await disconnect();
});

describe("bind or register", () => {
  it("logs a bound wallet in with a signature and goes home, where 'Please Login' is gone", async () => {
    const api = mockAccountApi([alicesAccount]);
    await renderPage("/pages/bindOrRegister/bindOrRegister");
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(where()).toMatch("/pages/index/index"));
    expect(api.routes().slice(0, 2)).toEqual(["/auth/nonce", "/login"]);
    expect(toastKeys()).toContain("common:messages.loginSuccessful");
    expect(await screen.findByRole("definition", { name: "Account" })).toHaveTextContent("alice");
    expect(screen.queryByText("Please Login")).toBeNull();
  });

  it("tells a wallet without an account to bind or register, with both ways at hand", async () => {
    mockAccountApi();
    await renderPage("/pages/bindOrRegister/bindOrRegister");
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(refusalText()).toBe("This wallet has no account yet. Bind an account or register first."));
    fireEvent.click(screen.getByRole("link", { name: "Register" }));
    expect(where()).toMatch("/pages/register/register");
  });

  it("says so when the wallet rejects the signature, and logs in on the next try", async () => {
    mockAccountApi([alicesAccount]);
    wallet.fail("personal_sign", 4001);
    await renderPage("/pages/bindOrRegister/bindOrRegister");
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(refusalText()).toBe("The request was rejected in your wallet."));
    signWithTestKey();
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(useAppStore.getState().user.token).not.toBeNull());
  });

  it("drops a login that finishes after the wallet switched accounts", async () => {
    mockAccountApi([alicesAccount]);
    let sign!: () => void;
    const signed = new Promise<void>((resolve) => (sign = resolve));
    const real = new Wallet(DEV_WALLET_KEY);
    wallet.handle("personal_sign", async ([message]) => {
      await signed;
      return real.signMessage(getBytes(message as string));
    });
    await renderPage("/pages/bindOrRegister/bindOrRegister");
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(wallet.called("personal_sign")).toHaveLength(1));
    await act(async () => {
      wallet.accounts = [BOB];
      wallet.emit("accountsChanged", [BOB]);
    });
    await waitFor(() => expect(where()).toMatch("/pages/index/index"));
    sign();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useAppStore.getState().user).toEqual({ account: BOB.toLowerCase(), token: null });
    expect(toastKeys()).not.toContain("common:messages.loginSuccessful");
  });

  it("asks for a wallet first", async () => {
    mockAccountApi();
    await renderPage("/pages/bindOrRegister/bindOrRegister", { connected: false });
    expect(screen.getByText("Connect your wallet to see your figures and take part.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Connect Wallet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Account bind" })).toBeInTheDocument();
  });
});
