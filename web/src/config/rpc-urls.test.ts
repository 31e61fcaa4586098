import { describe, expect, it } from "vitest";

import { parseRpcUrls } from "./rpc-urls";

describe("the build's JSON-RPC endpoints", () => {
  it("reads a comma-separated list in order, and one URL as a list of one", () => {
    expect(parseRpcUrls(" https://a.example , https://b.example/rpc,")).toEqual(["https://a.example", "https://b.example/rpc"]);
    expect(parseRpcUrls("http://127.0.0.1:8545")).toEqual(["http://127.0.0.1:8545"]);
  });

  it("refuses an empty list, a string that is not a URL, another scheme and a repeat", () => {
    expect(() => parseRpcUrls(" , ")).toThrow(/No JSON-RPC endpoint/);
    expect(() => parseRpcUrls("https://a.example,bsc-dataseed.bnbchain.org")).toThrow('The RPC URL "bsc-dataseed.bnbchain.org" is not a URL');
    expect(() => parseRpcUrls("wss://bsc.example")).toThrow(/not http\(s\)/);
    expect(() => parseRpcUrls("https://a.example,https://a.example")).toThrow(/twice/);
  });
});
