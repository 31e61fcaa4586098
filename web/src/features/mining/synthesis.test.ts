import { describe, expect, it } from "vitest";

import { checkHashrate, type Rule } from "./synthesis";

const RULE: Rule = { multiple: 20n, minimum: 40n, price: 10n ** 18n, maxHashrate: 1_000_000n };

describe("checkHashrate", () => {
  it.each([
    ["", { key: "errors:enterMultiple", params: { multiple: 20 } }],
    ["1,000", { key: "errors:digitsOnly" }],
    ["1 000", { key: "errors:digitsOnly" }],
    ["1\u00A0000", { key: "errors:digitsOnly" }],
    ["1，000", { key: "errors:digitsOnly" }],
    // 0 is no multiple anyone can synthesise: the multiple is what the user needs to hear.
    ["0", { key: "errors:multipleRequired", params: { multiple: 20 } }],
    ["000", { key: "errors:multipleRequired", params: { multiple: 20 } }],
    ["50", { key: "errors:multipleRequired", params: { multiple: 20 } }],
    ["40.0", { key: "errors:digitsOnly" }],
    ["1.000", { key: "errors:digitsOnly" }],
    ["+100", { key: "errors:digitsOnly" }],
    ["100.", { key: "errors:digitsOnly" }],
    ["1e3", { key: "errors:digitsOnly" }],
    ["0x64", { key: "errors:digitsOnly" }],
    ["-20", { key: "errors:digitsOnly" }],
    ["20", { key: "errors:enterMultiple", params: { multiple: 20 } }],
    ["1000020", { key: "errors:hashrateTooLarge", params: { max: "1,000,000" } }],
  ])("refuses %j with %o", (text, problem) => {
    expect(checkHashrate(text, RULE)).toEqual({ problem });
  });

  it("takes a multiple at or above the lowest", () => {
    expect(checkHashrate("1000", RULE)).toEqual({ value: 1000n });
  });
});
