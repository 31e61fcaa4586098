import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { addresses } from "@/config/addresses";
import { stubChain } from "@/test/chain-stub";
import { ALICE, disconnect, figure, renderPage } from "@/test/render-page";
import { expectNothingSent, resetSent, sent, walletSendMock } from "@/test/wallet-send-mock";

vi.mock("@/lib/transactions/wallet-send", () => walletSendMock());

const record = (index: number, out: boolean) => ({
  index: BigInt(index),
  token: addresses.USDT,
  hashrate: 100n * BigInt(index + 1),
  cost: parseEther(String(100 * (index + 1))),
  time: 1_800_000_000n,
  out,
});

/** The merge records listed, each headed by its index ('#2'), in the list's order. */
const rows = () => within(screen.getByRole("list")).getAllByRole("listitem");
const indexOf = (row: HTMLElement) => within(row).getByText(/^#\d+$/).textContent;
const row = (index: number) => rows().find((candidate) => indexOf(candidate) === `#${index}`)!;
const processButton = () => screen.queryByRole("button", { name: "Process finished records" });
/** The backlog: how many finished records wait to be processed, with the button that does it. */
const expectNoBacklog = () => {
  expect(screen.queryByText(/^Finished records waiting to be processed/)).toBeNull();
  expect(processButton()).toBeNull();
};

afterEach(async () => {
  await disconnect();
  resetSent();
});

describe("merge records", () => {
  it("lists the records newest first, marking those that are out", async () => {
    stubChain({ Main: { recordCount: 3n, recordsOf: [record(2, false), record(1, true), record(0, true)] }, Revenue: { finishedCount: 2n, outCount: 2n } });
    await renderPage("/pages/machineRecord/machineRecord");
    await waitFor(() => expect(figure("Synthesis records")).toHaveTextContent("3"));
    expect(figure("Out")).toHaveTextContent("2");
    await screen.findByRole("list");
    expect(rows().map(indexOf)).toEqual(["#2", "#1", "#0"]);
    expect(within(row(1)).getByText("Out")).toBeInTheDocument();
    expect(within(row(2)).getByText("Earning")).toBeInTheDocument();
    expect(within(row(2)).getByText("300 USDT")).toBeInTheDocument();
    // No backlog: nothing to process.
    expectNoBacklog();
    await expectNothingSent();
  });

  it("counts every finished record as out, says how many wait to be processed, and processes them", async () => {
    // 205 finished, of which the revenue figures count 200 (one call's worth): 5 wait.
    const chain = stubChain({
      Main: { recordCount: 205n, recordsOf: [record(204, true), record(203, true)] },
      Revenue: { finishedCount: 205n, outCount: 200n, maxOutPerCall: 200n },
    });
    await renderPage("/pages/machineRecord/machineRecord");
    await waitFor(() => expect(figure("Out")).toHaveTextContent("205"));
    expect(
      await screen.findByText(
        "Finished records waiting to be processed: 5. Until they are, your revenue stops at the last record processed and a new synthesis is refused.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(processButton()).toBeEnabled());
    chain.set({ Revenue: { finishedCount: 205n, outCount: 205n, maxOutPerCall: 200n } });
    fireEvent.click(processButton()!);
    await waitFor(() => expect(sent).toEqual([{ contract: "Revenue", method: "processOutRecords", args: [ALICE, 200n] }]));
    // Processed: read again, nothing waits, and every finished record is still counted.
    await waitFor(expectNoBacklog);
    expect(figure("Out")).toHaveTextContent("205");
  });
});
