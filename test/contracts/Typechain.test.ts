/**
 * `npm run typechain` (scripts/typechain.ts) never leaves typechain-types/ without its files while
 * it regenerates them: the account API and Hardhat import them, and `npm run build` regenerates
 * them beside a running stack. It used to delete the folder first.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect } from "chai";

const ROOT = path.resolve(__dirname, "../..");
const WATCHED = ["index.ts", "Main.ts", "factories/Main__factory.ts"].map((file) => path.join(ROOT, "typechain-types", file));

describe("npm run typechain", function () {
  this.timeout(120_000);

  it("regenerates the bindings without a moment when they are missing, and leaves them as committed", async function () {
    const before = WATCHED.map((file) => readFileSync(file, "utf8"));
    const run = spawn(process.execPath, [path.join(ROOT, "node_modules", "ts-node", "dist", "bin.js"), "--transpile-only", "scripts/typechain.ts"], { cwd: ROOT, stdio: "ignore" });
    const exited = new Promise<number | null>((resolve) => run.on("exit", resolve));
    let looks = 0;
    let missing: string[] = [];
    let done = false;
    void exited.then(() => (done = true));
    while (!done) {
      missing = missing.concat(WATCHED.filter((file) => !existsSync(file)));
      looks += 1;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(await exited).to.equal(0);
    expect(looks).to.be.greaterThan(10);
    expect(missing, "files missing while it ran").to.deep.equal([]);
    expect(WATCHED.map((file) => readFileSync(file, "utf8"))).to.deep.equal(before);
  });
});
