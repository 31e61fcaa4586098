/**
 * An amount too small for the decimals shown is not shown as nothing: "< 0.000001", while a true
 * zero stays "0".
 */
import { Wallet, parseEther } from "ethers";
import { describe, expect, it } from "vitest";

import { field, figure, openApp } from "./support/browser";
import { testChain } from "./support/chain";

const chain = testChain();

describe("tiny amounts", () => {
  it("shows an exchange estimate and its bound that round to zero as '< 0.000001', and a true zero as 0", async () => {
    // A wallet that holds MV and has exchanged nothing today, so the day's use is a true zero.
    const me = Wallet.createRandom();
    await chain.mint("MV", me.address, parseEther("10"));
    const app = await openApp({ key: me.privateKey, route: "/pages/index/exchangeMvToX" });
    const { page } = app;
    await figure(page, "Maximum exchangeable").filter({ hasText: "1,000 MV" }).waitFor();
    // 0.0000000001 MV at 1 USD buys 0.0000000002 X at 0.5 USD: not nothing, but less than the 6 decimals shown.
    await field(page, "Exchange amount").fill("0.0000000001");
    await expect.poll(() => figure(page, "You receive").textContent()).toBe("< 0.000001 X");
    expect(await figure(page, "You receive at least").textContent()).toBe("< 0.000001 X");
    // Nothing typed: nothing to receive, said as a dash; nothing used today is a true 0.
    await field(page, "Exchange amount").fill("");
    await expect.poll(() => figure(page, "You receive").textContent()).toBe("—");
    expect(await figure(page, "Used today / daily limit").textContent()).toMatch(/^0 \/ 1,000 USD$/);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
