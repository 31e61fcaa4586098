import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { ZeroAddress } from "ethers/constants";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { useTransactionList } from "@/lib/transactions/transaction-list";
import { useAppStore } from "@/store";
import { mockAccountApi, signWithTestKey, type AccountApiMock, type ApiMember } from "@/test/account-api-mock";
import { stubChain } from "@/test/chain-stub";
import { memberInfo } from "@/test/members";
import { ALICE, BOB, disconnect, field, figure, refusalText, renderPage, toastKeys, wallet, where } from "@/test/render-page";
import { sentTransaction } from "@/test/sent-transactions";
import { expectNothingSent, failNext, holdNext, resetSent, sent, walletSendMock } from "@/test/wallet-send-mock";

vi.mock("@/lib/transactions/wallet-send", () => walletSendMock());

const CAROL = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const HOME = "/pages/index/index";

/** The chain: ALICE registered under `inviter` (or not at all); BOB and CAROL's membership as given. */
function chain({ inviter, known = [BOB] }: { inviter?: string; known?: string[] } = {}) {
  return stubChain({ Community: { memberInfo: memberInfo({ registered: inviter !== undefined, inviter: inviter ?? ZeroAddress }), isRegistered: (address: string) => known.includes(address) } });
}

const ACCOUNT = "Account";
const PASSWORD = "Password";
const REFERRER = "Referrer wallet address";
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const register = () => screen.getByRole("button", { name: "Register" });
/** The account form is up: the only card of the page that asks for a password. */
const accountForm = () => screen.findByLabelText(PASSWORD, { selector: "input" });
/** The account is made and only the chain is left: the card that offers to join on chain. */
const joinOnChain = () => screen.getByRole("button", { name: "Join on chain" });

async function fillAndSubmit({ account = "alice", password = "correct horse", referrer }: { account?: string; password?: string; referrer?: string } = {}) {
  type(ACCOUNT, account);
  type(PASSWORD, password);
  if (referrer !== undefined) type(REFERRER, referrer);
  fireEvent.click(register());
}

const aliceMember = (referrer: string | null = BOB): ApiMember => ({
  account: "alice",
  password: "correct horse",
  wallet: ALICE,
  referrer,
  registeredAt: "2026-11-20T08:00:00.000Z",
});

let api: AccountApiMock;

beforeEach(() => {
  signWithTestKey();
});

afterEach(async () => {
  await disconnect();
  resetSent();
  act(() => useAppStore.getState().setRef(""));
});

describe("register", () => {
  it("creates the account, joins on chain under the referrer of the link, logs in and goes home", async () => {
    act(() => useAppStore.getState().setRef(BOB));
    chain();
    api = mockAccountApi();
    await renderPage("/pages/register/register");
    expect(await screen.findByLabelText(REFERRER, { selector: "input" })).toHaveValue(BOB);
    expect(screen.getByText("Filled in from your referral link")).toBeInTheDocument();
    await fillAndSubmit();

    await waitFor(() => expect(where()).toMatch(HOME));
    // The name is asked about first, before the wallet signs anything.
    expect(api.routes()).toEqual(["/account-name", "/config", "/auth/nonce", "/register", "/account"]);
    // The server got the password encrypted (it decrypted it) and a proof signed by the wallet.
    expect(api.members).toEqual([expect.objectContaining({ account: "alice", password: "correct horse", wallet: ALICE, referrer: BOB })]);
    expect(JSON.stringify(api.calls)).not.toContain("correct horse");
    expect(wallet.called("personal_sign")).toHaveLength(1);
    expect(sent).toEqual([{ contract: "Community", method: "register", args: [BOB] }]);
    expect(useAppStore.getState().user).toEqual({ account: ALICE.toLowerCase(), token: expect.stringMatching(/^token-/) });
    expect(toastKeys()).toContain("common:messages.registerSuccessful");
    expect(JSON.stringify(window.localStorage)).not.toContain("correct horse");
    // The link has served: the device forgets its referrer.
    expect(useAppStore.getState().ref).toBe("");
    expect(JSON.stringify(window.localStorage).toLowerCase()).not.toContain(BOB.toLowerCase());
  });

  it("takes the referrer of a new link opened while the form is up, and keeps it until the registration is done", async () => {
    act(() => useAppStore.getState().setRef(BOB));
    chain({ known: [BOB, CAROL] });
    api = mockAccountApi();
    await renderPage("/pages/register/register");
    expect(await screen.findByLabelText(REFERRER, { selector: "input" })).toHaveValue(BOB);
    act(() => useAppStore.getState().setRef(CAROL));
    expect(field(REFERRER)).toHaveValue(CAROL);
    expect(screen.getByText("Filled in from your referral link")).toBeInTheDocument();

    // The account is made but the chain step is refused: not registered yet, so the link is kept.
    failNext(Object.assign(new Error("user rejected"), { code: 4001 }));
    await fillAndSubmit();
    expect(await screen.findByRole("button", { name: "Join on chain" })).toBeInTheDocument();
    expect(useAppStore.getState().ref).toBe(CAROL);
    fireEvent.click(joinOnChain());
    await waitFor(() => expect(where()).toMatch(HOME));
    expect(sent).toEqual([{ contract: "Community", method: "register", args: [CAROL] }]);
    expect(useAppStore.getState().ref).toBe("");
  });

  it("shows the account as typed, and counts and sends it as the API reads it (NFKC, trimmed)", async () => {
    act(() => useAppStore.getState().setRef(BOB));
    chain();
    api = mockAccountApi();
    await renderPage("/pages/register/register");
    expect(await screen.findByLabelText(REFERRER, { selector: "input" })).toHaveValue(BOB);
    // 31 letters and the ligature \uFB00: 32 characters typed, 33 once NFKC makes it "ff".
    type(ACCOUNT, `${"a".repeat(31)}\uFB00`);
    expect(await screen.findByText("The account can have at most 32 characters.", { selector: "span" })).toBeInTheDocument();
    expect(field(ACCOUNT)).toHaveValue(`${"a".repeat(31)}\uFB00`);
    // Full-width letters with spaces around: the field keeps them, the API gets "alice".
    await fillAndSubmit({ account: " \uFF41\uFF4C\uFF49\uFF43\uFF45 " });
    expect(field(ACCOUNT)).toHaveValue(" \uFF41\uFF4C\uFF49\uFF43\uFF45 ");
    await waitFor(() => expect(where()).toMatch(HOME));
    expect(api.members).toEqual([expect.objectContaining({ account: "alice", password: "correct horse", wallet: ALICE, referrer: BOB })]);
  });

  it("prompts for every missing or wrong field and sends nothing", async () => {
    chain();
    api = mockAccountApi();
    await renderPage("/pages/register/register");
    fireEvent.click(await screen.findByRole("button", { name: "Register" }));
    expect(await screen.findByText("Please enter the account", { selector: "span" })).toBeInTheDocument();
    expect(screen.getByText("Please enter the password", { selector: "span" })).toBeInTheDocument();
    expect(screen.getByText("Please enter the referrer wallet address", { selector: "span" })).toBeInTheDocument();

    type(PASSWORD, "short");
    expect(await screen.findByText("The password must have 6 to 64 characters.", { selector: "span" })).toBeInTheDocument();
    type(ACCOUNT, "a".repeat(33));
    expect(await screen.findByText("The account can have at most 32 characters.", { selector: "span" })).toBeInTheDocument();
    type(ACCOUNT, "ali\u202Ece");
    expect(await screen.findByText("The account cannot contain control, invisible or text-direction characters.", { selector: "span" })).toBeInTheDocument();
    type(REFERRER, "0xabc");
    expect(await screen.findByText("Incorrect format", { selector: "span" })).toBeInTheDocument();
    type(REFERRER, ALICE);
    expect(await screen.findByText("You cannot use your own address as the referrer.", { selector: "span" })).toBeInTheDocument();
    await fillAndSubmit({ referrer: CAROL });
    expect(await screen.findByText("The referrer wallet address is not registered.", { selector: "span" })).toBeInTheDocument();
    fireEvent.click(register());
    await expectNothingSent();
    expect(api.calls).toEqual([]);
    expect(wallet.called("personal_sign")).toEqual([]);
  });

  it("says a taken name under the field before any signature, and joins nothing on chain", async () => {
    chain();
    api = mockAccountApi([{ ...aliceMember(), wallet: BOB }]);
    await renderPage("/pages/register/register");
    await accountForm();
    await fillAndSubmit({ account: "ALICE", referrer: BOB });
    expect(await screen.findByText("This account is already taken.", { selector: "span[role=alert]" })).toBeInTheDocument();
    expect(screen.getAllByText("This account is already taken.")).toHaveLength(1);
    expect(api.routes()).toEqual(["/account-name"]);
    expect(wallet.called("personal_sign")).toEqual([]);
    await expectNothingSent();
    expect(useAppStore.getState().user.token).toBeNull();

    // Pressed again with the same name: known taken, not even asked again.
    fireEvent.click(register());
    await waitFor(() => expect(screen.getAllByText("This account is already taken.")).toHaveLength(1));
    expect(api.routes()).toEqual(["/account-name"]);

    // Another name: the refusal goes at once; the old name brings it back at once.
    type(ACCOUNT, "alice2");
    expect(screen.queryByText("This account is already taken.")).toBeNull();
    type(ACCOUNT, "Alice");
    expect(screen.getByText("This account is already taken.", { selector: "span[role=alert]" })).toBeInTheDocument();
  });

  it("says a name the API refuses as a look-alike under the field, before any signature, and after one too", async () => {
    chain();
    api = mockAccountApi();
    await renderPage("/pages/register/register");
    await accountForm();
    const lookAlike = "This name mixes scripts or has letters that look like others. Use the letters of one script.";
    api.answerNext("/account-name", { free: false, error: { key: "errors:accountLookAlike" } });
    await fillAndSubmit({ account: "\u0430lice", referrer: BOB });
    expect(await screen.findByText(lookAlike, { selector: "span[role=alert]" })).toBeInTheDocument();
    expect(api.routes()).toEqual(["/account-name"]);
    expect(wallet.called("personal_sign")).toEqual([]);
    type(ACCOUNT, "alice");
    expect(screen.queryByText(lookAlike)).toBeNull();
    type(ACCOUNT, "\u0430lice");
    expect(screen.getByText(lookAlike, { selector: "span[role=alert]" })).toBeInTheDocument();

    // The check could not be asked: the registration itself refuses the name, said in the same place.
    api.refuseNext("/account-name", 502, "network");
    api.refuseNext("/register", 400, "accountLookAlike");
    await fillAndSubmit({ account: "b\u03bfb", referrer: BOB });
    await waitFor(() => expect(screen.getAllByText(lookAlike)).toHaveLength(1));
    expect(screen.getByText(lookAlike, { selector: "span[role=alert]" })).toBeInTheDocument();
    expect(refusalText()).toBeNull();
    expect(api.members).toHaveLength(0);
    await expectNothingSent();
  });

  it("says a name taken between the check and the signature under the field too, until the name changes", async () => {
    chain();
    api = mockAccountApi();
    await renderPage("/pages/register/register");
    await accountForm();
    api.refuseNext("/register", 409, "accountTaken");
    await fillAndSubmit({ referrer: BOB });
    expect(await screen.findByText("This account is already taken.", { selector: "span[role=alert]" })).toBeInTheDocument();
    expect(screen.getAllByText("This account is already taken.")).toHaveLength(1);
    expect(refusalText()).toBeNull();
    type(ACCOUNT, "alice2");
    expect(screen.queryByText("This account is already taken.")).toBeNull();
    await expectNothingSent();
  });

  it("asks the API about the name only once every other field is usable, and signs when the API cannot be asked", async () => {
    chain();
    api = mockAccountApi();
    await renderPage("/pages/register/register");
    await accountForm();
    await fillAndSubmit({ password: "short", referrer: BOB });
    expect(await screen.findByText("The password must have 6 to 64 characters.", { selector: "span" })).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    // The name check cannot be answered: the registration goes on, and the API decides.
    api.refuseNext("/account-name", 502, "network");
    await fillAndSubmit({ referrer: BOB });
    await waitFor(() => expect(where()).toMatch(HOME));
    expect(api.members).toHaveLength(1);
  });

  it("asks nothing of the API when the wallet refuses to sign", async () => {
    chain();
    api = mockAccountApi();
    wallet.fail("personal_sign", 4001);
    await renderPage("/pages/register/register");
    await accountForm();
    await fillAndSubmit({ referrer: BOB });
    await waitFor(() => expect(refusalText()).toBe("The request was rejected in your wallet."));
    expect(api.routes()).not.toContain("/register");
    await expectNothingSent();
  });

  it("completes a registration whose on-chain half failed, without a second account", async () => {
    chain();
    api = mockAccountApi();
    await renderPage("/pages/register/register");
    await accountForm();
    failNext(Object.assign(new Error("user rejected"), { code: 4001 }));
    await fillAndSubmit({ referrer: BOB });

    // The account exists and the user is logged in to it: only the chain is left.
    expect(await screen.findByText(/^Account alice is created\./)).toBeInTheDocument();
    expect(joinOnChain()).toBeInTheDocument();
    expect(toastKeys()).toContain("common:wallet.rejected");
    expect(field(REFERRER)).toHaveValue(BOB);
    expect(field(REFERRER)).toHaveAttribute("readonly");
    fireEvent.click(joinOnChain());
    await waitFor(() => expect(where()).toMatch(HOME));
    expect(sent).toEqual([{ contract: "Community", method: "register", args: [BOB] }]);
    expect(api.routes().filter((route) => route === "/register")).toHaveLength(1);
    expect(api.members).toHaveLength(1);
  });

  it("repeats the account half idempotently when the register request is sent again (a twin request from another tab), under the referrer stored then", async () => {
    chain({ known: [BOB, CAROL] });
    api = mockAccountApi([aliceMember(BOB)]);
    await renderPage("/pages/register/register");
    await accountForm();
    // The name was free when asked: the twin made the account after that, before this request.
    api.answerNext("/account-name", { free: true });
    await fillAndSubmit({ referrer: CAROL });
    await waitFor(() => expect(where()).toMatch(HOME));
    expect(api.members).toHaveLength(1);
    expect(sent).toEqual([{ contract: "Community", method: "register", args: [BOB] }]);
    expect(toastKeys()).toContain("pages:register.storedReferrer");
  });

  it("tells a wallet whose account exists but whose session was lost that the name is taken, before any signature; logging in finishes it", async () => {
    chain({ known: [BOB, CAROL] });
    api = mockAccountApi([aliceMember(BOB)]);
    await renderPage("/pages/register/register");
    await accountForm();
    await fillAndSubmit({ referrer: CAROL });
    expect(await screen.findByText("This account is already taken.", { selector: "span[role=alert]" })).toBeInTheDocument();
    expect(wallet.called("personal_sign")).toEqual([]);
    expect(screen.getByText("Already have an account? Log in")).toBeInTheDocument();
  });

  it("keeps the session as soon as the account is made, so a closed tab finds it on return", async () => {
    chain();
    api = mockAccountApi();
    await renderPage("/pages/register/register");
    await accountForm();
    const release = holdNext();
    await fillAndSubmit({ referrer: BOB });
    await waitFor(() => expect(Object.values(useAppStore.getState().sessions)).toHaveLength(1));
    expect(useAppStore.getState().user.token).toBeNull();
    expect(await accountForm()).toBeInTheDocument();
    release();
    await waitFor(() => expect(where()).toMatch(HOME));
    expect(useAppStore.getState().user.token).toBe(Object.values(useAppStore.getState().sessions)[0]);
  });

  it("creates only the account of a wallet already on chain, under its superior there", async () => {
    chain({ inviter: BOB });
    api = mockAccountApi();
    await renderPage("/pages/register/register");
    expect(await screen.findByText("This wallet has already joined on chain. Create its account to finish.")).toBeInTheDocument();
    expect(field(REFERRER)).toHaveValue(BOB);
    expect(field(REFERRER)).toHaveAttribute("readonly");
    await fillAndSubmit();
    await waitFor(() => expect(where()).toMatch(HOME));
    expect(api.members).toEqual([expect.objectContaining({ wallet: ALICE, referrer: BOB })]);
    await expectNothingSent();
    expect(toastKeys()).toContain("common:messages.registerSuccessful");
  });

  it("says when both halves are done", async () => {
    chain({ inviter: BOB });
    api = mockAccountApi([aliceMember()]);
    act(() => useAppStore.getState().setUser(ALICE, api.sessionFor(aliceMember())));
    await renderPage("/pages/register/register");
    expect(await screen.findByText("This wallet is registered.")).toBeInTheDocument();
    expect(figure(ACCOUNT)).toHaveTextContent("alice");
    expect(screen.queryByRole("button", { name: "Register" })).toBeNull();
  });

  it("forgets the referral link once this device's on-chain registration is confirmed, even if the page that sent it is gone", async () => {
    chain({ inviter: BOB });
    api = mockAccountApi([aliceMember()]);
    act(() => useAppStore.getState().setUser(ALICE, api.sessionFor(aliceMember())));
    act(() => useAppStore.getState().setRef(BOB));
    // Confirmed while the app was elsewhere (the watcher settled it after a reload).
    useTransactionList.setState({ transactions: [sentTransaction(1, { account: ALICE.toLowerCase(), action: "register", state: "confirmed", settledAt: 1 })] });
    await renderPage("/pages/register/register");
    expect(await screen.findByText("This wallet is registered.")).toBeInTheDocument();
    await waitFor(() => expect(useAppStore.getState().ref).toBe(""));
  });

  it("keeps the referral link when a registered wallet only visits (registered elsewhere)", async () => {
    chain({ inviter: BOB });
    api = mockAccountApi([aliceMember()]);
    act(() => useAppStore.getState().setUser(ALICE, api.sessionFor(aliceMember())));
    act(() => useAppStore.getState().setRef(BOB));
    await renderPage("/pages/register/register");
    expect(await screen.findByText("This wallet is registered.")).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(useAppStore.getState().ref).toBe(BOB);
  });
});
