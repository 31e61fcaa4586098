import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { useAppStore } from "@/store";
import { mockAccountApi, signWithTestKey, type ApiMember } from "@/test/account-api-mock";
import { stubChain } from "@/test/chain-stub";
import { ALICE, BOB, disconnect, field, refusalText, renderPage, toastKeys, wallet, where } from "@/test/render-page";

const bobsAccount: ApiMember = { account: "bob", password: "bob's secret", wallet: BOB, referrer: null, registeredAt: "2026-01-01T00:00:00.000Z" };
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const bind = () => screen.getByRole("button", { name: "Bind" });

beforeEach(() => {
  stubChain();
  signWithTestKey();
});

afterEach(async () => {
  await disconnect();
});

describe("bind", () => {
  it("binds the wallet to an existing account with its password, logs in and goes home", async () => {
    const api = mockAccountApi([bobsAccount]);
    await renderPage("/pages/bind/bind");
    type("Account", " bob ");
    type("Password", "bob's secret");
    fireEvent.click(bind());
    await waitFor(() => expect(where()).toMatch("/pages/index/index"));
    expect(api.calls.find((call) => call.route === "/bind")?.body).toMatchObject({ account: "bob", wallet: ALICE });
    expect(JSON.stringify(api.calls)).not.toContain("bob's secret");
    expect(wallet.called("personal_sign")[0].params[1]).toBe(ALICE);
    expect(useAppStore.getState().user).toEqual({ account: ALICE.toLowerCase(), token: expect.any(String) });
    expect(toastKeys()).toContain("common:messages.bindSuccessful");
    expect(await screen.findByRole("definition", { name: "Account" })).toHaveTextContent("bob");
  });

  it("prompts for an empty account or password and asks nothing of the wallet", async () => {
    const api = mockAccountApi();
    await renderPage("/pages/bind/bind");
    fireEvent.click(bind());
    expect(await screen.findByText("Please enter the account", { selector: "span" })).toBeInTheDocument();
    expect(screen.getByText("Please enter the password", { selector: "span" })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
    expect(wallet.called("personal_sign")).toEqual([]);
  });

  it("says the account or password is wrong, and how long to wait after too many tries", async () => {
    const api = mockAccountApi([bobsAccount]);
    await renderPage("/pages/bind/bind");
    type("Account", "bob");
    type("Password", "guess");
    fireEvent.click(bind());
    await waitFor(() => expect(refusalText()).toBe("The account or password is incorrect."));
    api.refuseNext("/bind", 429, "tooManyAttempts", { count: 4 });
    fireEvent.click(bind());
    await waitFor(() => expect(refusalText()).toBe("Too many failed attempts. Please try again in 4 seconds."));
    expect(useAppStore.getState().user.token).toBeNull();
    expect(where()).toMatch("/pages/bind/bind");
  });

  it("says the network is abnormal when the API cannot be reached, and works once it can", async () => {
    const api = mockAccountApi([bobsAccount]);
    api.down(true);
    await renderPage("/pages/bind/bind");
    type("Account", "bob");
    type("Password", "bob's secret");
    fireEvent.click(bind());
    await waitFor(() => expect(refusalText()).toBe("Your network is abnormal, please try again later!"));
    api.down(false);
    fireEvent.click(bind());
    await waitFor(() => expect(where()).toMatch("/pages/index/index"));
  });
});
