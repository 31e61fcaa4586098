import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ADDRESS_NAMES } from "@product";
import { Main__factory } from "@typechain/index";

import { addresses } from "@/config/addresses";
import { useTransactionList } from "@/lib/transactions/transaction-list";
import { Revert, stubChain } from "@/test/chain-stub";
import { ALICE, BOB, card, disconnect, field, fieldError, renderPage } from "@/test/render-page";
import { expectNothingSent, logsNext, resetSent, sent, walletSendMock } from "@/test/wallet-send-mock";

vi.mock("@/lib/transactions/wallet-send", () => walletSendMock());

afterEach(async () => {
  await disconnect();
  resetSent();
});

const main = Main__factory.createInterface();
const isRead = (fragment: { stateMutability?: string }) => fragment.stateMutability === "view" || fragment.stateMutability === "pure";
/** Main's functions, from its whole ABI (TypeChain's, generated from contracts-abi/Main.json). */
const functions = Main__factory.abi.filter((fragment) => fragment.type === "function");

const byName = (a: string, b: string) => a.localeCompare(b);

/** Opens the form of `name` in the card titled `cardTitle` ("Reads (10)", "Writes (12)") and returns the form. */
function openFunction(cardTitle: RegExp, name: string): HTMLElement {
  const form = within(screen.getByRole("region", { name: cardTitle })).getByText(name, { selector: "summary span" }).closest("details")!;
  fireEvent.click(within(form).getByText(name, { selector: "summary span" }));
  return form;
}

describe("the contracts console", () => {
  it("is linked from the diagnostics page", async () => {
    stubChain();
    await renderPage("/pages/test/test");
    const link = await screen.findByRole("link", { name: "Contracts console" });
    expect(link).toHaveAttribute("href", "#/pages/test/test?console");
  });

  it("offers every contract of the address book, and every function of the picked one's ABI: reads that take nothing answered at once", async () => {
    stubChain({ Main: { owner: BOB, totalAcbBurned: parseEther("50") } });
    await renderPage("/pages/test/test?console");
    const picker = await screen.findByRole("combobox", { name: "Contract" });
    expect(within(picker).getAllByRole("option").map((option) => option.textContent)).toEqual([...ADDRESS_NAMES]);
    expect(picker).toHaveValue("Main");
    expect(screen.getByText(addresses.Main)).toBeInTheDocument();

    const values = card("Values");
    await waitFor(() => expect(within(values).getByText("owner").parentElement).toHaveTextContent(BOB));
    expect(within(values).getByText("totalAcbBurned").parentElement).toHaveTextContent("50000000000000000000");
    const plainReads = functions.filter((fragment) => isRead(fragment) && fragment.inputs.length === 0);
    expect(within(values).getAllByText(/^\w+$/, { selector: "p" }).map((name) => name.textContent)).toEqual(plainReads.map((fragment) => fragment.name).sort(byName));

    const reads = functions.filter((fragment) => isRead(fragment) && fragment.inputs.length > 0);
    const writes = functions.filter((fragment) => !isRead(fragment));
    const names = (title: string) => within(card(title)).getAllByText(/^\w+$/, { selector: "summary span" }).map((name) => name.textContent);
    expect(names(`Reads (${reads.length})`)).toEqual(reads.map((fragment) => fragment.name).sort(byName));
    expect(names(`Writes (${writes.length})`)).toEqual(writes.map((fragment) => fragment.name).sort(byName));

    // Another contract: its own ABI (a token's, ERC-20's).
    fireEvent.change(picker, { target: { value: "USDT" } });
    await waitFor(() => expect(screen.getByText(addresses.USDT)).toBeInTheDocument());
    expect(within(card("Writes (3)")).getAllByText(/^\w+$/, { selector: "summary span" }).map((name) => name.textContent)).toEqual(["approve", "transfer", "transferFrom"]);
  });

  it("checks a read's inputs before asking, then answers it", async () => {
    const chain = stubChain({ Main: { powerOf: (member: string) => (member === ALICE ? 1_234n : 0n) } });
    await renderPage("/pages/test/test?console");
    await screen.findByRole("combobox", { name: "Contract" });
    const form = openFunction(/^Reads/, "powerOf");

    fireEvent.change(field("member (address)", form), { target: { value: "0x1234" } });
    fireEvent.click(within(form).getByRole("button", { name: "Call" }));
    expect(fieldError("member (address)", form)).toBe("Enter a 0x address of 40 hex digits.");
    expect(chain.reads).not.toContain("Main.powerOf");

    fireEvent.change(field("member (address)", form), { target: { value: ALICE.toLowerCase() } });
    fireEvent.click(within(form).getByRole("button", { name: "Call" }));
    await waitFor(() => expect(within(form).getByRole("definition")).toHaveTextContent("1234"));
    expect(fieldError("member (address)", form)).toBeNull();
  });

  it("sends a write from the wallet, kept with the user's transactions, and shows its events; a bad input or a revert sends nothing", async () => {
    const USDT = addresses.USDT;
    let unsupported = true;
    stubChain({
      Main: {
        synthesize: (token: string) => {
          if (unsupported) throw new Revert(main.encodeErrorResult("MainUnsupportedToken", [token]));
        },
      },
    });
    await renderPage("/pages/test/test?console");
    await screen.findByRole("combobox", { name: "Contract" });
    const form = openFunction(/^Writes/, "synthesize");
    const send = () => fireEvent.click(within(form).getByRole("button", { name: "Send" }));

    fireEvent.change(field("token (address)", form), { target: { value: USDT } });
    fireEvent.change(field("hashrate (uint256)", form), { target: { value: "100" } });
    fireEvent.change(field("maxCost (uint256)", form), { target: { value: "1.5" } });
    send();
    expect(fieldError("maxCost (uint256)", form)).toBe("Enter a whole number, without decimals or separators.");
    await expectNothingSent();

    // In token units: 1.5 is 1.5 × 10^18. Tried first: the revert, decoded, and nothing sent.
    const units = within(form).getAllByRole("checkbox", { name: "In token units (18 decimals)" });
    fireEvent.click(units[1]!);
    send();
    await waitFor(() => expect(within(form).getByRole("alert")).toHaveTextContent(`The call reverts: MainUnsupportedToken(token: "${USDT}"). Nothing was sent.`));
    await expectNothingSent();

    unsupported = false;
    logsNext([{ address: addresses.Main, ...main.encodeEventLog("Synthesized", [ALICE, USDT, 0n, 100n, parseEther("1.5"), parseEther("1.5")]) }]);
    send();
    await waitFor(() => expect(within(form).getByRole("status")).toHaveTextContent(/Confirmed in block \d+\./));
    expect(sent).toEqual([{ contract: "Main", method: "synthesize(address,uint256,uint256)", args: [USDT, 100n, parseEther("1.5")] }]);
    expect(within(form).getByRole("status")).toHaveTextContent(
      `Main.Synthesized(member: "${ALICE}", token: "${USDT}", index: 0, hashrate: 100, cost: 1500000000000000000, usdValue: 1500000000000000000)`,
    );
    // Kept with the user's transactions, in words.
    expect(useTransactionList.getState().transactions.map((transaction) => [transaction.action, transaction.summary])).toContainEqual([
      "console:Main.synthesize(address,uint256,uint256)",
      { key: "activity:summaries.console", params: { contract: "Main", method: "synthesize" } },
    ]);
  });

  it("asks for a wallet before a write", async () => {
    stubChain();
    await renderPage("/pages/test/test?console", { connected: false });
    await screen.findByRole("combobox", { name: "Contract" });
    const form = openFunction(/^Writes/, "settleLuckyPool");
    expect(form).toHaveTextContent("Connect a wallet on BNB Smart Chain to send.");
    fireEvent.click(within(form).getByRole("button", { name: "Send" }));
    await expectNothingSent();
  });
});
