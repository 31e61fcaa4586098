import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { addresses } from "@/config/addresses";
import { stubChain } from "@/test/chain-stub";
import { ALICE, disconnect, renderPage } from "@/test/render-page";
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

afterEach(async () => {
  await disconnect();
  resetSent();
});

describe("merge records", () => {
  it("lists the records newest first, marking those that are out", async () => {
    stubChain({ Main: { recordCount: 3n, recordsOf: [record(2, false), record(1, true), record(0, true)] }, Revenue: { finishedCount: 2n, outCount: 2n } });
    await renderPage("/pages/machineRecord/machineRecord");
    await waitFor(() => expect(screen.getByTestId("record-count")).toHaveTextContent("3"));
    expect(screen.getByTestId("out-count")).toHaveTextContent("2");
    const list = await screen.findByTestId("merge-records");
    expect(within(list).getAllByRole("listitem").map((row) => row.getAttribute("data-testid"))).toEqual(["record-2", "record-1", "record-0"]);
    expect(screen.getByTestId("record-1-status")).toHaveTextContent("Out");
    expect(screen.getByTestId("record-2-status")).toHaveTextContent("Earning");
    expect(within(screen.getByTestId("record-2")).getByText("300 USDT")).toBeInTheDocument();
    // No backlog: nothing to process.
    expect(screen.queryByTestId("out-backlog")).toBeNull();
    await expectNothingSent();
  });

  it("counts every finished record as out, says how many wait to be processed, and processes them", async () => {
    // 205 finished, of which the revenue figures count 200 (one call's worth): 5 wait.
    const chain = stubChain({
      Main: { recordCount: 205n, recordsOf: [record(204, true), record(203, true)] },
      Revenue: { finishedCount: 205n, outCount: 200n, maxOutPerCall: 200n },
    });
    await renderPage("/pages/machineRecord/machineRecord");
    await waitFor(() => expect(screen.getByTestId("out-count")).toHaveTextContent("205"));
    expect(await screen.findByTestId("records-waiting")).toHaveTextContent(
      "Finished records waiting to be processed: 5. Until they are, your revenue stops at the last record processed and a new synthesis is refused.",
    );
    await waitFor(() => expect(screen.getByTestId("process-out-records")).toBeEnabled());
    chain.set({ Revenue: { finishedCount: 205n, outCount: 205n, maxOutPerCall: 200n } });
    fireEvent.click(screen.getByTestId("process-out-records"));
    await waitFor(() => expect(sent).toEqual([{ contract: "Revenue", method: "processOutRecords", args: [ALICE, 200n] }]));
    // Processed: read again, nothing waits, and every finished record is still counted.
    await waitFor(() => expect(screen.queryByTestId("out-backlog")).toBeNull());
    expect(screen.getByTestId("out-count")).toHaveTextContent("205");
  });
});
