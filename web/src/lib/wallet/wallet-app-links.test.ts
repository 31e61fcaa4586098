import { describe, expect, it } from "vitest";

import { isTouchDevice } from "./touch";
import { walletAppLinks, withRef } from "./wallet-app-links";

const REF = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("wallet app links", () => {
  it("put the referrer back into the hash's query, keeping the rest", () => {
    expect(withRef("https://app.example/#/pages/index/miningX?stype=b", REF)).toBe(`https://app.example/#/pages/index/miningX?stype=b&ref=${REF}`);
    expect(withRef("https://app.example/", REF)).toBe(`https://app.example/#/?ref=${REF}`);
    expect(withRef("https://app.example/#/?ref=0xold", REF)).toBe(`https://app.example/#/?ref=${REF}`);
    expect(withRef("https://app.example/#/pages/index/index", "")).toBe("https://app.example/#/pages/index/index");
  });

  it("open the page in MetaMask's and Trust Wallet's browsers", () => {
    const page = `https://app.example/sub/#/pages/index/register?ref=${REF}`;
    const [metaMask, trust] = walletAppLinks(page);
    expect(metaMask).toEqual({ wallet: "MetaMask", url: `https://metamask.app.link/dapp/app.example/sub/#/pages/index/register?ref=${REF}` });
    expect(trust.wallet).toBe("Trust Wallet");
    const trustUrl = new URL(trust.url);
    expect(trustUrl.origin + trustUrl.pathname).toBe("https://link.trustwallet.com/open_url");
    expect(trustUrl.searchParams.get("coin_id")).toBe("20000714");
    // The whole page address, hash and referrer included, survives as one parameter.
    expect(trustUrl.searchParams.get("url")).toBe(page);
  });

  it("tell a touch device from a desktop", () => {
    const view = (coarse: boolean, maxTouchPoints: number) =>
      ({ matchMedia: () => ({ matches: coarse }), navigator: { maxTouchPoints } }) as unknown as Window;
    expect(isTouchDevice(view(true, 5))).toBe(true);
    expect(isTouchDevice(view(false, 1))).toBe(true);
    expect(isTouchDevice(view(false, 0))).toBe(false);
  });
});
