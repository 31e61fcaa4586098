/**
 * The account API stays in small pieces (docs/decisions/account-api.md): no function in mocks/api longer than 80
 * lines, counted by function-lengths.ts, which also lists them.
 */
import { expect } from "chai";

import { functionLengths } from "./function-lengths";

export const MAX_FUNCTION_LINES = 80;

describe("Account API code", function () {
  it(`has no function longer than ${MAX_FUNCTION_LINES} lines`, function () {
    const all = functionLengths();
    // The counter sees what it must: declarations, arrows handed to calls, methods.
    expect(all.map((entry) => entry.name)).to.include.members(["createApiServer", '<handed to app.post("/api/register")>', "record"]);
    const tooLong = all.filter((entry) => entry.lines > MAX_FUNCTION_LINES).map(({ name, where, lines }) => `${name} (${where}): ${lines} lines`);
    expect(tooLong, "split these (npx ts-node --transpile-only test/api/function-lengths.ts lists every function)").to.deep.equal([]);
  });
});
