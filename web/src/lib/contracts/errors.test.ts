/**
 * Every custom error of contracts-abi/ decodes to one of the product's messages (docs/product/messages.md §4), in every language.
 */
import { AbiCoder, Interface, type ErrorFragment, type ParamType } from "ethers/abi";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { addresses } from "@/config/addresses";
import { useAppStore } from "@/store";
import { DEFAULT_TOLERANCE_BPS } from "@/store/settings-slice";
import { MISSING_KEY_MARK, i18next } from "@/i18n";
import { LOCALES } from "@/i18n/locale";
import type { Message } from "@/i18n/message";
import { translateMessage } from "@/i18n/use-message";

import { ReadRevertedError } from "./batch";
import { isNetworkError } from "./error-kinds";
import { ERROR_MESSAGES, errorMessage } from "./errors";
import { NetworkError, RpcError } from "./rpc";

const ABI_DIR = path.join(import.meta.dirname, "../../../../contracts-abi");
const FALLBACK = "errors:purchaseFailed";

// The ABIs only: product.ts beside them holds the product's facts, not an ABI.
const allErrors = readdirSync(ABI_DIR).filter((file) => file.endsWith(".json")).flatMap((file) =>
  new Interface(JSON.parse(readFileSync(path.join(ABI_DIR, file), "utf8"))).fragments.filter(
    (fragment): fragment is ErrorFragment => fragment.type === "error",
  ),
);
const uniqueErrors = [...new Map(allErrors.map((fragment) => [fragment.name, fragment])).values()];

function sample(param: ParamType): unknown {
  if (param.baseType === "address") return addresses.MV;
  if (param.baseType.startsWith("uint")) return 30n;
  if (param.baseType === "bool") return true;
  return AbiCoder.defaultAbiCoder().getDefaultValue([param])[0];
}

function revert(fragment: ErrorFragment): { data: string } {
  const iface = new Interface([fragment]);
  return { data: iface.encodeErrorResult(fragment, fragment.inputs.map(sample)) };
}

/** The message in each language; each language must have the key itself (English is only the
 *  fallback, so a key missing in Chinese would otherwise pass as English text). */
async function translations(message: Message): Promise<string[]> {
  const texts: string[] = [];
  const [namespace, key] = message.key.split(":");
  for (const locale of LOCALES) {
    await i18next.changeLanguage(locale);
    expect(i18next.getResource(locale, namespace, key), `${message.key} in ${locale}`).toEqual(expect.any(String));
    texts.push(translateMessage(i18next.t, message));
  }
  await i18next.changeLanguage("en");
  return texts;
}

describe("contract errors", () => {
  it("has a message for every error in contracts-abi/", () => {
    expect(uniqueErrors.length).toBeGreaterThan(40);
    const unmapped = uniqueErrors.map((fragment) => fragment.name).filter((name) => !Object.hasOwn(ERROR_MESSAGES, name));
    expect(unmapped).toEqual([]);
  });

  it.each(uniqueErrors.map((fragment) => [fragment.name, fragment] as const))("decodes %s to a translated message", async (_name, fragment) => {
    // The context actions pass: the token spent and, for a synthesis, the largest hashrate read.
    const message = errorMessage({ info: { error: revert(fragment) } }, { fallback: FALLBACK, token: "USDT", maxHashrate: 1_000_000_000n });
    expect(message.key).not.toBe(FALLBACK);
    for (const text of await translations(message)) {
      expect(text).not.toContain(MISSING_KEY_MARK);
      expect(text).not.toMatch(/{{/);
    }
  });

  it("gives the product's messages for the cases the product names", () => {
    const main = allErrors.find((fragment) => fragment.name === "MainInvalidHashrate")!;
    const encode = (args: bigint[]) => ({ data: new Interface([main]).encodeErrorResult(main, args) });
    expect(errorMessage(encode([30n, 20n, 20n]), { fallback: FALLBACK })).toEqual({ key: "errors:multipleRequired", params: { multiple: 20 } });
    expect(errorMessage(encode([0n, 100n, 100n]), { fallback: FALLBACK })).toEqual({ key: "errors:enterMultiple", params: { multiple: 100 } });
    // Too large: the largest is the page's reading of Main.maxHashrate; without it, the fallback.
    const tooLarge = encode([1_000_000_020n, 20n, 20n]);
    expect(errorMessage(tooLarge, { fallback: FALLBACK, maxHashrate: 1_000_000_000n })).toEqual({ key: "errors:hashrateTooLarge", params: { max: "1,000,000,000" } });
    expect(errorMessage(tooLarge, { fallback: FALLBACK })).toEqual({ key: FALLBACK });
    const swap = allErrors.find((fragment) => fragment.name === "SwapBalanceTooLow")!;
    const low = (token: string) => ({ data: new Interface([swap]).encodeErrorResult(swap, [token, 1n, 2n]) });
    expect(errorMessage(low(addresses.MV), { fallback: FALLBACK }).key).toBe("errors:mvNotEnough");
    expect(errorMessage(low(addresses.USDX), { fallback: FALLBACK }).key).toBe("errors:usdxNotEnough");
    expect(errorMessage(low(addresses.ACB), { fallback: FALLBACK })).toEqual({ key: "errors:tokenNotEnough", params: { token: "ACB" } });
  });

  it.each(["MainCostAboveMax", "SwapOutputBelowMin", "MarketOutputBelowMin", "RevenueClaimBelowMin"])(
    "says %s moved the price past the user's own tolerance, named in percent",
    (name) => {
      const fragment = allErrors.find((candidate) => candidate.name === name)!;
      expect(errorMessage(revert(fragment), { fallback: FALLBACK })).toEqual({ key: "errors:priceMoved", params: { percent: "0.5" } });
      useAppStore.getState().setToleranceBps(100);
      expect(errorMessage(revert(fragment), { fallback: FALLBACK })).toEqual({ key: "errors:priceMoved", params: { percent: "1" } });
      useAppStore.getState().setToleranceBps(25);
      expect(errorMessage(revert(fragment), { fallback: FALLBACK })).toEqual({ key: "errors:priceMoved", params: { percent: "0.25" } });
      useAppStore.getState().setToleranceBps(DEFAULT_TOLERANCE_BPS);
    },
  );

  it("lets a screen choose its own message for an error", () => {
    const exceeds = allErrors.find((fragment) => fragment.name === "SwapExceedsMaxExchangeable")!;
    const message = errorMessage(revert(exceeds), { fallback: FALLBACK, overrides: { SwapExceedsMaxExchangeable: "errors:invalidAmountAcb" } });
    expect(message.key).toBe("errors:invalidAmountAcb");
  });

  it("finds revert data in reads, in ethers errors and in wallet errors", () => {
    const nothing = allErrors.find((fragment) => fragment.name === "RevenueNothingToClaim")!;
    const { data } = revert(nothing);
    for (const error of [
      new ReadRevertedError("claim", data),
      { code: "CALL_EXCEPTION", data },
      { code: -32603, message: "Internal JSON-RPC error.", data: { code: 3, message: "execution reverted", data } },
      { error: { data: { originalError: { data } } } },
    ]) {
      expect(errorMessage(error, { fallback: FALLBACK }).key).toBe("errors:rewardNotEnough");
    }
  });

  it("tells wallet rejections, pending requests and network failures apart", () => {
    expect(errorMessage({ code: 4001 }, { fallback: FALLBACK }).key).toBe("common:wallet.rejected");
    expect(errorMessage({ code: "ACTION_REJECTED" }, { fallback: FALLBACK }).key).toBe("common:wallet.rejected");
    expect(errorMessage({ code: -32002 }, { fallback: FALLBACK }).key).toBe("common:wallet.requestPending");
    expect(errorMessage(new NetworkError("down"), { fallback: FALLBACK }).key).toBe("errors:network");
    expect(errorMessage(new TypeError("Failed to fetch"), { fallback: FALLBACK }).key).toBe("errors:network");
    expect(isNetworkError(new RpcError("execution reverted", 3, "0x"))).toBe(false);
    expect(errorMessage(new Error("something else"), { fallback: FALLBACK }).key).toBe(FALLBACK);
  });
});
