/**
 * One word for one thing (docs/product/messages.md §7): every text of a catalogue uses the
 * glossary's term, never a synonym, in each language; the English is plain (no "~" to end a
 * sentence); the Chinese uses full-width parentheses and the characters of its own script.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { NAMESPACES } from "./index";

const LOCALES_DIR = path.join(import.meta.dirname, "locales");

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`)));
}

/** Every text of `locale`, as ['namespace:key', text]. */
function textsOf(locale: string): [string, string][] {
  return NAMESPACES.flatMap((namespace) =>
    flatten(JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, `${namespace}.json`), "utf8")) as Tree, `${namespace}:`),
  );
}

/** The texts of `locale` that say `banned`, as 'key: text'. */
function saying(locale: string, banned: RegExp, except: string[] = []): string[] {
  return textsOf(locale)
    .filter(([key, text]) => banned.test(text) && !except.includes(key))
    .map(([key, text]) => `${key}: ${text}`);
}

/** [what is banned, the glossary's word instead]. */
const ENGLISH: [RegExp, string][] = [
  [/computing power/i, "hashrate"],
  [/merged hashrate/i, "hashrate"],
  [/synthetic hashrate/i, "hashrate"],
  [/\bpower\b/i, "hashrate"],
  [/\bmerge\b/i, "synthesis (a synthesis record)"],
  [/\bmining\b/i, "synthesis"],
  [/\bfetch/i, "claim"],
  [/\btak(e|en|es|ing)\b.*\bout\b|\btook\b.*\bout\b/i, "withdraw"],
  [/\bremov(e|al)\b/i, "withdraw"],
  [/\bsynthesi[sz]ed hashrate\b/i, "hashrate"],
  [/slippage/i, "price tolerance"],
  [/~/, "a full stop"],
];

describe("one word for one thing, in English", () => {
  it.each(ENGLISH)("never says %s (the glossary says '%s')", (banned) => {
    expect(saying("en", banned)).toEqual([]);
  });

  it("says 'Purchase' only of buying MV, and a synthesis's outcome as a synthesis", () => {
    expect(saying("en", /purchase/i)).toEqual(["common:messages.purchaseSuccessful: Purchase successful", "errors:purchaseFailed: Purchase failed"]);
    const en = Object.fromEntries(textsOf("en"));
    expect(en["common:messages.synthesisSuccessful"]).toBe("Synthesis successful");
    expect(en["errors:synthesisFailed"]).toBe("Synthesis failed");
  });

  it("says 'exceeds maximum' only in the messages of the exchange pages, which have a daily maximum", () => {
    expect(saying("en", /exceeds maximum/i).map((line) => line.split(":").slice(0, 2).join(":"))).toEqual(["errors:invalidAmountAcb", "errors:invalidAmountMv"]);
  });
});

/** Characters of one Chinese script that the other writes differently (a sample of the frequent ones). */
const SIMPLIFIED_ONLY = /[这们对说时个会为发现还进动应设钱链数账号户订单兑换请输确认权购买卖领奖记录连网络页载选择无错误务开关闭复显资产总计价币额转让该从给达间过启级绩团队区员击]/;
const TRADITIONAL_ONLY = /[這們對說時個會為發現還進動應設錢鏈數賬帳號戶訂單兌換請輸確認權購買賣領獎記錄連網絡頁載選擇無錯誤務開關閉顯資產總計價幣額轉讓該從給達間過啟級績團隊區員擊]/;

/** The language switch names each language in its own script. */
const LANGUAGE_NAMES = ["common:language.zh-Hans", "common:language.zh-Hant"];

describe("one word for one thing, in Chinese", () => {
  it.each(["zh-Hans", "zh-Hant"])("%s: hashrate is 算力, machine revenue 矿机/礦機收益, withdrawing an order 取回", (locale) => {
    expect(saying(locale, /计算力|計算力|计算能力|計算能力|哈希率|合并算力|合併算力|算力值/)).toEqual([]);
    expect(saying(locale, /机器收益|機器收益/)).toEqual([]);
    expect(saying(locale, /取出|撤单|撤單/)).toEqual([]);
  });

  it.each([
    ["zh-Hans", "合成成功", "合成失败"],
    ["zh-Hant", "合成成功", "合成失敗"],
  ])("%s: a synthesis's outcome is a synthesis's (合成), not a purchase's", (locale, success, failure) => {
    const texts = Object.fromEntries(textsOf(locale));
    expect(texts["common:messages.synthesisSuccessful"]).toBe(success);
    expect(texts["errors:synthesisFailed"]).toBe(failure);
  });

  it.each(["zh-Hans", "zh-Hant"])("%s: full-width parentheses, and no '~'", (locale) => {
    expect(saying(locale, /[()]/)).toEqual([]);
    expect(saying(locale, /[~～]/)).toEqual([]);
  });

  it("zh-Hant: one word for address (地址, not 位址), 資料 for data (not 數據), 布道金", () => {
    expect(saying("zh-Hant", /位址/)).toEqual([]);
    expect(saying("zh-Hant", /數據|数据/)).toEqual([]);
    expect(saying("zh-Hant", /佈道/)).toEqual([]);
  });

  it("writes each script in its own characters", () => {
    expect(saying("zh-Hant", SIMPLIFIED_ONLY, LANGUAGE_NAMES)).toEqual([]);
    expect(saying("zh-Hans", TRADITIONAL_ONLY, LANGUAGE_NAMES)).toEqual([]);
  });
});
