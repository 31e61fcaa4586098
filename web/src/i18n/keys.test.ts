/**
 * Every language has every key, and the product's messages and labels (docs/product/messages.md) are there in English.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { NAMESPACES } from "./index";
import { LOCALES } from "./locale";

const LOCALES_DIR = path.join(import.meta.dirname, "locales");

type Tree = { [key: string]: string | Tree };

function load(locale: string, namespace: string): Tree {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, `${namespace}.json`), "utf8")) as Tree;
}

function flatten(tree: Tree, prefix = ""): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === "string" ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe("translations", () => {
  it("has a file per namespace and language, and nothing else", () => {
    for (const locale of LOCALES) {
      expect(readdirSync(path.join(LOCALES_DIR, locale)).sort()).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const namespace of NAMESPACES) {
    it(`has every key of '${namespace}' in every language, with the same placeholders`, () => {
      const english = flatten(load("en", namespace));
      for (const locale of LOCALES) {
        const translated = flatten(load(locale, namespace));
        expect(Object.keys(translated).sort(), `${locale}/${namespace}`).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(translated)) {
          expect(text.trim(), `${locale}/${namespace}:${key}`).not.toBe("");
          expect(placeholders(text), `${locale}/${namespace}:${key}`).toEqual(placeholders(english[key]));
        }
      }
    });
  }

  it("writes Chinese in Chinese", () => {
    for (const locale of ["zh-Hans", "zh-Hant"]) {
      const errors = flatten(load(locale, "errors"));
      expect(errors.network).toMatch(/[\u4e00-\u9fff]/);
    }
    // Traditional and simplified differ where the characters do.
    expect(flatten(load("zh-Hant", "errors")).network).not.toBe(flatten(load("zh-Hans", "errors")).network);
  });

  it("has every message of docs/product/messages.md §2 to §5 in English", () => {
    const english = Object.values({
      ...flatten(load("en", "common")),
      ...flatten(load("en", "errors")),
      ...flatten(load("en", "pages")),
    });
    // Kept as the product words them (docs/product/messages.md §2 to §5; the MV buy's outcome is
    // 'Purchase successful' / 'Purchase failed')...
    const asWorded = [
      "Your network is abnormal, please try again later!",
      "Authorization failed",
      "Authorization successful",
      "Authorizing",
      "Authorize {{token}}",
      "Confirm Synthesis",
      "Purchase successful",
      "Purchase failed",
      "Exchange successful",
      "Exchange failed",
      "USDX not enough",
      "MV not enough",
      "Reward Balance Not Enough",
      "The interval between each claim must be greater than 60 seconds.",
      "Invalid input amount or exceeds maximum exchangeable quantity.",
      "Invalid quantity or exceeds maximum exchangeable amount",
      "Incorrect format",
      "Unable to preload CSS",
      "Please Login",
      "My Order",
    ];
    // ...and the ones made plain English (docs/product/messages.md §7 says why).
    const reworded = [
      "Synthesis successful",
      "Synthesis failed",
      "Please authorize first.",
      "Please enter a hashrate that is a multiple of {{multiple}}.",
      "The hashrate must be a whole multiple of {{multiple}}.",
      "Withdrawn",
      "Order withdrawn",
      "Withdraw order #{{index}}? The MV left in it comes back to your wallet.",
    ];
    const required = [...asWorded, ...reworded];
    for (const message of required) expect(english, message).toContain(message);
  });

  it("says the network message the same way in the catalogue loaded at start as in the error messages", () => {
    // The network banner reads common:status.networkDown (the error catalogue loads on demand,
    // which a network that is gone cannot do); it must not drift from errors:network.
    for (const locale of LOCALES) {
      expect(flatten(load(locale, "common"))["status.networkDown"]).toBe(flatten(load(locale, "errors")).network);
    }
  });

  it("says a stylesheet that could not load the same way in the catalogue loaded at start as in the error messages", () => {
    // A lazy part's failure reads common:loading.preloadCss: the network that failed the stylesheet
    // may not bring the error catalogue either.
    for (const locale of LOCALES) {
      expect(flatten(load(locale, "common"))["loading.preloadCss"]).toBe(flatten(load(locale, "errors")).preloadCss);
    }
  });
});
