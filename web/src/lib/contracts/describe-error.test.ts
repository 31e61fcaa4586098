import { describe, expect, it, vi } from "vitest";

import { describeError } from "./describe-error";

// The error messages' code cannot be fetched (the network gone before the first failure).
vi.mock("./errors", () => {
  throw new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/errors-x.js");
});

describe("describing an error when the messages' code cannot load", () => {
  it("says the network is at fault, from the catalogue loaded at start", async () => {
    expect(await describeError(new Error("anything"), { fallback: "errors:unknown" })).toEqual({ key: "common:status.networkDown" });
  });
});
