import { describe, expect, it } from "vitest";

import { leavesItsPrefix } from "./same-origin-proxy";

describe("leavesItsPrefix", () => {
  it("refuses dot segments, plain or encoded, and backslashes", () => {
    for (const url of ["/history/../metrics", "/history/%2e%2e/metrics", "/history/%2E%2E/metrics", "/history/%252e%252e/metrics", "/history/./x", "/history/..", "/history/..\\metrics", "/history/%5c..%5cmetrics", "/api/%zz"]) {
      expect(leavesItsPrefix(url), url).toBe(true);
    }
  });

  it("lets the app's own requests through", () => {
    for (const url of ["/history/accounts/0xabc/claims?cursor=12&limit=20", "/history/market/fills", "/api/account-name?name=a..b", "/history/orders/3/fills", "/api/login"]) {
      expect(leavesItsPrefix(url), url).toBe(false);
    }
  });
});
