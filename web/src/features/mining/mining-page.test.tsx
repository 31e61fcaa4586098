import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MaxUint256 } from "ethers/constants";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Revenue__factory } from "@typechain/index";

import { addresses } from "@/config/addresses";
import { useAppStore } from "@/store";
import { stubChain, type ChainAnswers } from "@/test/chain-stub";
import { disconnect, field, fieldError, figure, refusalText, renderPage, toastKeys } from "@/test/render-page";
import { expectNothingSent, failNext, resetSent, sent, walletSendMock } from "@/test/wallet-send-mock";

vi.mock("@/lib/transactions/wallet-send", () => walletSendMock());

const rule = (multiple: bigint, minimum = multiple, price = parseEther("0.5")) => ({ token: addresses.X, price, multiple, minimum, enabled: true });

interface ChainOptions {
  multiple?: bigint;
  minimum?: bigint;
  balance?: bigint;
  allowance?: bigint;
  registered?: boolean;
  price?: bigint;
}

function chainWith({ multiple = 20n, minimum, balance = parseEther("1000"), allowance = parseEther("1000"), registered = true, price = parseEther("0.5") }: ChainOptions = {}): ChainAnswers {
  return {
    Main: { tokenRule: rule(multiple, minimum ?? multiple, price), maxHashrate: 1_000_000_000n, recordsOf: [] },
    Community: { isRegistered: registered },
    X: { balanceOf: balance, allowance },
    USDT: { balanceOf: balance, allowance },
  };
}

const HASHRATE = "Hashrate";

async function typeHashrate(value: string) {
  fireEvent.change(await screen.findByLabelText(HASHRATE, { selector: "input" }), { target: { value } });
}

const confirm = () => screen.getByRole("button", { name: "Confirm Synthesis" });
/** Step 1's button: 'Authorize X', or 'Authorized' (and disabled) once the allowance covers the amount. */
const authorize = () => screen.getByRole("button", { name: /^Authoriz(e X|ed)$/ });
/** Step 1 of the two: done once its words say so to a screen reader ('Authorize done'). */
const authorizeStep = () => screen.getByText("Authorize", { selector: "li" });
const BACKLOG = "Many of your synthesis records have finished at once. Process them to bring your revenue up to date.";

/** Waits for the wallet's figures, so that the checks that use them have them. */
async function loaded() {
  await waitFor(() => expect(figure("Authorized amount")).not.toHaveTextContent("…"));
}

afterEach(async () => {
  await disconnect();
  resetSent();
});

describe("synthesis", () => {
  it("reads the lowest hashrate from the chain and previews the cost", async () => {
    stubChain(chainWith());
    await renderPage("/pages/index/miningX");
    await waitFor(() => expect(figure("Lowest hashrate")).toHaveTextContent("20"));
    await typeHashrate("60");
    expect(figure("Cost")).toHaveTextContent("120 X");
    // A reserve that covers what Revenue has promised: nothing to say.
    expect(screen.queryByText(/^The revenue reserve holds/)).toBeNull();
  });

  it("says, before a synthesis, when Revenue has promised more than its reserve holds", async () => {
    const backing = { promisedUsd: parseEther("15000000"), reserveAcb: parseEther("5000000"), acbPrice: parseEther("2"), reserveUsd: parseEther("10000000"), shortfallUsd: parseEther("5000000") };
    stubChain({ ...chainWith(), Revenue: { backing } });
    await renderPage("/pages/index/miningX");
    expect(await screen.findByText(/^The revenue reserve holds 10,000,000 USD of ACB against 15,000,000 USD promised/)).toBeInTheDocument();
  });

  it("refuses a hashrate that is not a multiple, with the multiple read from the chain", async () => {
    stubChain(chainWith());
    await renderPage("/pages/index/miningX");
    await typeHashrate("30");
    expect(await screen.findByText("The hashrate must be a whole multiple of 20.")).toBeInTheDocument();
    fireEvent.click(confirm());
    fireEvent.click(authorize());
    await expectNothingSent();
    // Said once, under the field: no pop-up repeats it.
    expect(screen.getAllByText("The hashrate must be a whole multiple of 20.")).toHaveLength(1);
    expect(toastKeys()).toEqual([]);
  });

  it.each([
    ["40.0", "Digits only, please: no commas, spaces or other signs."],
    ["1e3", "Digits only, please: no commas, spaces or other signs."],
    ["-20", "Digits only, please: no commas, spaces or other signs."],
    ["0", "The hashrate must be a whole multiple of 20."],
    ["1,000", "Digits only, please: no commas, spaces or other signs."],
    ["1 000", "Digits only, please: no commas, spaces or other signs."],
    ["20 ", null],
  ])("keeps %j as typed and checks it as it is", async (typed, problem) => {
    stubChain(chainWith());
    await renderPage("/pages/index/miningX");
    await loaded();
    await typeHashrate(typed);
    expect(field(HASHRATE)).toHaveValue(typed);
    expect(fieldError(HASHRATE)).toBe(problem);
    if (problem) {
      expect(figure("Cost")).toHaveTextContent("—");
      fireEvent.click(confirm());
      fireEvent.click(authorize());
      await expectNothingSent();
    } else {
      expect(figure("Cost")).toHaveTextContent("40 X");
    }
  });

  it("takes the problem away as soon as the field holds a valid hashrate", async () => {
    stubChain(chainWith());
    await renderPage("/pages/index/miningX");
    await loaded();
    await typeHashrate("30");
    expect(fieldError(HASHRATE)).toBe("The hashrate must be a whole multiple of 20.");
    await typeHashrate("40");
    expect(fieldError(HASHRATE)).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("uses 100 on the USDT page", async () => {
    stubChain({ ...chainWith({ multiple: 100n, price: parseEther("1") }) });
    await renderPage("/pages/index/miningUsdt");
    await loaded();
    await typeHashrate("150");
    expect(await screen.findByText("The hashrate must be a whole multiple of 100.")).toBeInTheDocument();
  });

  it("prompts for a hashrate when the field is empty", async () => {
    stubChain(chainWith());
    await renderPage("/pages/index/miningX");
    await loaded();
    fireEvent.click(confirm());
    expect(await screen.findByText("Please enter a hashrate that is a multiple of 20.", { selector: "span[role=alert]" })).toBeInTheDocument();
    await expectNothingSent();
  });

  it("refuses a multiple below the lowest, and anything that is not a whole number", async () => {
    stubChain(chainWith({ minimum: 40n }));
    await renderPage("/pages/index/miningX");
    await typeHashrate("20");
    expect(await screen.findByText("Please enter a hashrate that is a multiple of 20.", { selector: "span[role=alert]" })).toBeInTheDocument();
    await typeHashrate("2e2");
    expect(field(HASHRATE)).toHaveValue("2e2");
    expect(fieldError(HASHRATE)).toBe("Digits only, please: no commas, spaces or other signs.");
  });

  it("refuses a hashrate above the largest one synthesis takes, as Main says it (read from the chain)", async () => {
    const chain = chainWith();
    chain.Main!.maxHashrate = 400n;
    stubChain(chain);
    await renderPage("/pages/index/miningX");
    await typeHashrate("420");
    expect(await screen.findByText("The hashrate is above the largest one synthesis accepts (400).", { selector: "span[role=alert]" })).toBeInTheDocument();
    await typeHashrate("400");
    await waitFor(() => expect(fieldError(HASHRATE)).toBeNull());
  });

  it("asks to authorize first when the allowance is short, and sends nothing", async () => {
    stubChain(chainWith({ allowance: parseEther("10") }));
    await renderPage("/pages/index/miningX");
    await typeHashrate("20");
    await loaded();
    expect(authorizeStep()).not.toHaveTextContent(/done$/);
    fireEvent.click(confirm());
    await waitFor(() => expect(refusalText()).toBe("Please authorize first."));
    expect(toastKeys()).toEqual([]);
    await expectNothingSent();
    // A new text makes the refusal stale.
    await typeHashrate("40");
    expect(refusalText()).toBeNull();
  });

  it("marks step 1 done once the allowance covers the cost, and shows an unlimited allowance in words", async () => {
    stubChain(chainWith({ allowance: MaxUint256 }));
    await renderPage("/pages/index/miningX");
    await loaded();
    expect(figure("Authorized amount")).toHaveTextContent("Unlimited X");
    await typeHashrate("40");
    expect(authorizeStep()).toHaveTextContent(/done$/);
    expect(screen.getByRole("button", { name: "Authorized" })).toBeDisabled();
  });

  it("names the token when its balance is too low", async () => {
    stubChain(chainWith({ balance: parseEther("10") }));
    await renderPage("/pages/index/miningX");
    await loaded();
    await typeHashrate("40");
    // The balance is part of the field's check, so neither step can start: no useless approval.
    expect(fieldError(HASHRATE)).toBe("X not enough");
    fireEvent.click(authorize());
    fireEvent.click(confirm());
    await expectNothingSent();
    expect(toastKeys()).toEqual([]);
  });

  it("asks an unregistered wallet to register first", async () => {
    stubChain(chainWith({ registered: false, allowance: 0n }));
    await renderPage("/pages/index/miningX");
    await typeHashrate("20");
    expect(await screen.findByRole("link", { name: "Register" })).toBeInTheDocument();
    await loaded();
    fireEvent.click(authorize());
    await waitFor(() => expect(refusalText()).toBe("This wallet is not registered yet. Please register first."));
    fireEvent.click(confirm());
    await expectNothingSent();
  });

  it("authorizes exactly the most it may cost by default (the cost and the 0.5% tolerance), and more only when asked", async () => {
    stubChain(chainWith({ allowance: 0n }));
    await renderPage("/pages/index/miningX");
    await typeHashrate("20");
    await loaded();
    fireEvent.click(authorize());
    await waitFor(() => expect(sent).toEqual([{ contract: "X", method: "approve", args: [addresses.Main, parseEther("40.2")] }]));
    await waitFor(() => expect(toastKeys()).toContain("common:messages.authorizationSuccessful"));
    fireEvent.click(screen.getByRole("checkbox", { name: "Authorize an unlimited amount, not just this one" }));
    fireEvent.click(authorize());
    await waitFor(() => expect(sent[1]).toEqual({ contract: "X", method: "approve", args: [addresses.Main, MaxUint256] }));
  });

  it("synthesises a valid hashrate and says so", async () => {
    stubChain(chainWith());
    await renderPage("/pages/index/miningX");
    await typeHashrate("40");
    await loaded();
    fireEvent.click(confirm());
    // 40 hashrate at 0.5 USD per X costs 80 X: the user agrees to at most 80.4 X, as the page shows.
    expect(figure("You pay at most")).toHaveTextContent("80.4 X");
    expect(screen.getByText("Includes a 0.5% price tolerance: past it, the transaction fails and takes none of your tokens.")).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ contract: "Main", method: "synthesize", args: [addresses.X, 40n, parseEther("80.4")] }]));
    await waitFor(() => expect(toastKeys()).toContain("common:messages.synthesisSuccessful"));
    expect(field(HASHRATE)).toHaveValue("");
  });

  it("shows at once that a press was taken, 'Preparing…', while the node is slow to say what it holds, then sends", async () => {
    let answer!: () => void;
    const slow = new Promise<void>((resolve) => (answer = resolve));
    stubChain(chainWith(), 100n, { holdAnswer: (method) => (method === "eth_getTransactionCount" ? slow : undefined) });
    await renderPage("/pages/index/miningX");
    await typeHashrate("40");
    await loaded();
    fireEvent.click(confirm());
    // Within a second (findBy's wait), before the node answered: the button is busy and says so.
    const preparing = await screen.findByRole("button", { name: "Preparing…" }, { timeout: 1_000 });
    expect(preparing).toBeDisabled();
    expect(preparing).toHaveAttribute("aria-busy", "true");
    expect(sent).toEqual([]);
    answer();
    await waitFor(() => expect(sent).toEqual([{ contract: "Main", method: "synthesize", args: [addresses.X, 40n, parseEther("80.4")] }]));
    await waitFor(() => expect(toastKeys()).toContain("common:messages.synthesisSuccessful"));
  });

  it("lets the user set the tolerance beside the bound: at 1% the bound and what is sent follow, and it is kept", async () => {
    stubChain(chainWith());
    await renderPage("/pages/index/miningX");
    await typeHashrate("40");
    await loaded();
    expect(figure("You pay at most")).toHaveTextContent("80.4 X");
    fireEvent.click(screen.getByRole("button", { name: "Change the tolerance" }));
    const settings = await screen.findByRole("form", { name: "Price tolerance" });
    expect(within(settings).getByRole("radio", { name: "0.5%" })).toBeChecked();
    await waitFor(() => expect(within(settings).getByRole("radio", { name: "0.5%" })).toHaveFocus());
    fireEvent.click(within(settings).getByRole("radio", { name: "1%" }));
    fireEvent.click(within(settings).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Price tolerance" })).toBeNull());
    expect(screen.getByRole("button", { name: "Change the tolerance" })).toHaveFocus();
    // 80 X and 1%: at most 80.8 X, said with the tolerance that gives it.
    expect(figure("You pay at most")).toHaveTextContent("80.8 X");
    expect(screen.getByText("Includes a 1% price tolerance: past it, the transaction fails and takes none of your tokens.")).toBeInTheDocument();
    fireEvent.click(confirm());
    await waitFor(() => expect(sent).toEqual([{ contract: "Main", method: "synthesize", args: [addresses.X, 40n, parseEther("80.8")] }]));
    // Remembered on the device, with the user part of the store.
    expect(JSON.parse(window.localStorage.getItem("am-local") ?? "{}").state.toleranceBps).toBe(100);
  });

  it("authorizes exactly the most it may cost at the user's tolerance", async () => {
    useAppStore.setState({ toleranceBps: 100 });
    stubChain(chainWith({ allowance: 0n }));
    await renderPage("/pages/index/miningX");
    await typeHashrate("40");
    await loaded();
    fireEvent.click(authorize());
    await waitFor(() => expect(sent).toEqual([{ contract: "X", method: "approve", args: [addresses.Main, parseEther("80.8")] }]));
  });

  it("refuses a tolerance of the user's own it cannot use, saying why under the field, and keeps the one in force", async () => {
    stubChain(chainWith());
    await renderPage("/pages/index/miningX");
    await typeHashrate("40");
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Change the tolerance" }));
    const settings = await screen.findByRole("form", { name: "Price tolerance" });
    fireEvent.click(within(settings).getByRole("radio", { name: "Custom" }));
    const own = "Your tolerance, in %";
    // Nothing typed: said once Save is pressed.
    fireEvent.click(within(settings).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fieldError(own)).toBe("Please enter a tolerance from 0.01% to 5%."));
    for (const [typed, problem] of [
      ["6", "Please enter a tolerance from 0.01% to 5%."],
      ["0", "Please enter a tolerance from 0.01% to 5%."],
      ["0.125", "The tolerance can have at most 2 decimals, such as 0.25."],
      ["1,5", "Please enter the tolerance as a number, such as 0.3."],
    ]) {
      fireEvent.change(field(own), { target: { value: typed } });
      expect(fieldError(own)).toBe(problem);
      fireEvent.click(within(settings).getByRole("button", { name: "Save" }));
      // Nothing saved: the form stays, the bound and its note are the default's.
      expect(screen.getByRole("form", { name: "Price tolerance" })).toBeInTheDocument();
      expect(figure("You pay at most")).toHaveTextContent("80.4 X");
      expect(screen.getByText("Includes a 0.5% price tolerance: past it, the transaction fails and takes none of your tokens.")).toBeInTheDocument();
    }
    // Above 1%, what a wide tolerance costs is said.
    fireEvent.change(field(own), { target: { value: "2" } });
    expect(within(settings).getByText("A wide tolerance lets the price move further against you before the transaction fails.")).toBeInTheDocument();
    fireEvent.change(field(own), { target: { value: "0.25" } });
    expect(within(settings).queryByText("A wide tolerance lets the price move further against you before the transaction fails.")).toBeNull();
    fireEvent.click(within(settings).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(figure("You pay at most")).toHaveTextContent("80.2 X"));
    expect(screen.getByText("Includes a 0.25% price tolerance: past it, the transaction fails and takes none of your tokens.")).toBeInTheDocument();
    // Opened again, it shows the value of the user's own; Cancel changes nothing.
    fireEvent.click(screen.getByRole("button", { name: "Change the tolerance" }));
    const again = await screen.findByRole("form", { name: "Price tolerance" });
    expect(within(again).getByRole("radio", { name: "Custom" })).toBeChecked();
    expect(field(own)).toHaveValue("0.25");
    fireEvent.click(within(again).getByRole("radio", { name: "0.1%" }));
    fireEvent.click(within(again).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Price tolerance" })).toBeNull());
    expect(figure("You pay at most")).toHaveTextContent("80.2 X");
    fireEvent.click(confirm());
    await waitFor(() => expect(sent).toEqual([{ contract: "Main", method: "synthesize", args: [addresses.X, 40n, parseEther("80.2")] }]));
  });

  it("offers to process finished records when too many went out at once, and synthesises only after", async () => {
    const earnings = {
      machineTotal: 0n,
      machineWaiting: 0n,
      machineReceived: 0n,
      dynamicWaiting: 0n,
      dynamicReceived: 0n,
      preachingWaiting: [0n, 0n, 0n],
      preachingReceived: [0n, 0n, 0n],
      totalWaiting: 0n,
      activeValue: 300n,
      outCount: 200n,
      outBacklog: true,
      lastClaimAt: 0n,
      nextClaimAt: 0n,
    };
    const chain = stubChain({ ...chainWith(), Revenue: { earningsOf: earnings, maxOutPerCall: 200n } });
    await renderPage("/pages/index/miningX");
    await typeHashrate("40");
    await loaded();
    expect(await screen.findByText(BACKLOG)).toBeInTheDocument();
    fireEvent.click(confirm());
    await waitFor(() => expect(refusalText()).toBe("Many of your synthesis records have finished at once. Please process them first, then try again."));
    await expectNothingSent();
    await waitFor(() => expect(screen.getByRole("button", { name: "Process finished records" })).toBeEnabled());
    chain.set({ Revenue: { earningsOf: { ...earnings, outBacklog: false }, maxOutPerCall: 200n } });
    fireEvent.click(screen.getByRole("button", { name: "Process finished records" }));
    await waitFor(() => expect(sent.map(({ method, args }) => [method, args[1]])).toEqual([["processOutRecords", 200n]]));
    // Processed: the backlog and its refusal are gone (the field kept its text), and the synthesis goes through.
    await waitFor(() => expect(screen.queryByText(BACKLOG)).toBeNull());
    expect(screen.queryByRole("button", { name: "Process finished records" })).toBeNull();
    // The refusal is cleared after the render that drops the backlog (an effect): wait for it.
    await waitFor(() => expect(refusalText()).toBeNull());
    expect(field(HASHRATE)).toHaveValue("40");
    fireEvent.click(confirm());
    await waitFor(() => expect(sent.map(({ method }) => method)).toEqual(["processOutRecords", "synthesize"]));
  });

  it("says 'Synthesis failed' when the chain refuses for a reason the screen did not know", async () => {
    stubChain(chainWith());
    await renderPage("/pages/index/miningX");
    await typeHashrate("40");
    await loaded();
    failNext(Object.assign(new Error("reverted"), { code: "CALL_EXCEPTION", data: "0x08c379a0" }));
    fireEvent.click(confirm());
    await waitFor(() => expect(toastKeys()).toContain("errors:synthesisFailed"));
    const reverted = Revenue__factory.createInterface().encodeErrorResult("RevenueActivePowerCapReached", [5n, 5n]);
    failNext(Object.assign(new Error("reverted"), { code: "CALL_EXCEPTION", data: reverted }));
    fireEvent.click(confirm());
    await waitFor(() => expect(toastKeys()).toContain("errors:powerCap"));
  });

  it("shows a visitor the lowest hashrate, the multiple, the unit cost and the pools, with a connect button", async () => {
    stubChain({
      ...chainWith(),
      Main: {
        tokenRule: rule(20n),
        recordsOf: [],
        luckyPool: { amount: parseEther("140"), endsAt: 0n, lastMiner: addresses.X, lastWinner: addresses.X, lastPrize: 0n, round: 1n },
        maxPool: { amount: parseEther("70"), endsAt: 0n, leader: addresses.X, leaderHashrate: 0n, lastWinner: addresses.X, lastPrize: 0n, round: 1n },
      },
    });
    await renderPage("/pages/index/miningX", { connected: false });
    await waitFor(() => expect(figure("Lowest hashrate")).toHaveTextContent("20 hashrate"));
    expect(figure("Multiple")).toHaveTextContent("20");
    expect(figure("Cost of 1 hashrate")).toHaveTextContent("2 X");
    await waitFor(() => expect(figure("Lucky reward pool")).toHaveTextContent("140 USDT"));
    expect(figure("Max machine reward pool")).toHaveTextContent("70 USDT");
    expect(screen.getByRole("button", { name: "Connect Wallet" })).toBeInTheDocument();
    expect(screen.queryByLabelText(HASHRATE)).toBeNull();
  });

  it("offers every synthesis token on the plain page", async () => {
    stubChain(chainWith());
    await renderPage("/pages/index/miningX?stype=choose");
    const chooser = await screen.findByRole("navigation", { name: "Choose the token to pay with" });
    expect(within(chooser).getAllByRole("link").map((link) => link.textContent)).toEqual(["X", "USDT", "ACB", "USDX", "FTB", "USDC", "ZYB"]);
    expect(screen.queryByLabelText(HASHRATE)).toBeNull();
  });
});
