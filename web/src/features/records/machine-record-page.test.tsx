import { screen, waitFor, within } from "@testing-library/react";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it } from "vitest";

import { addresses } from "@/config/addresses";
import { stubChain } from "@/test/chain-stub";
import { disconnect, renderPage } from "@/test/render-page";

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
});

describe("merge records", () => {
  it("lists the records newest first, marking those that are out", async () => {
    stubChain({ Main: { recordCount: 3n, recordsOf: [record(2, false), record(1, true), record(0, true)] }, Revenue: { outCount: 2n } });
    await renderPage("/pages/machineRecord/machineRecord");
    await waitFor(() => expect(screen.getByTestId("record-count")).toHaveTextContent("3"));
    expect(screen.getByTestId("out-count")).toHaveTextContent("2");
    const list = await screen.findByTestId("merge-records");
    expect(within(list).getAllByRole("listitem").map((row) => row.getAttribute("data-testid"))).toEqual(["record-2", "record-1", "record-0"]);
    expect(screen.getByTestId("record-1-status")).toHaveTextContent("Out");
    expect(screen.getByTestId("record-2-status")).toHaveTextContent("Earning");
    expect(within(screen.getByTestId("record-2")).getByText("300 USDT")).toBeInTheDocument();
  });
});
