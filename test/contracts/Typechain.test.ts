/**
 * `npm run typechain` (scripts/typechain.ts) never leaves typechain-types/ without its files, or
 * with a half-written one, while it regenerates them: the account API and Hardhat import them, and
 * `npm run build` regenerates them beside a running stack. It used to delete the folder first, then
 * copied over the files in place.
 */
import { execFileSync, spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { expect } from "chai";

const ROOT = path.resolve(__dirname, "../..");
const BINDINGS = path.join(ROOT, "typechain-types");
const WATCHED = ["index.ts", "Main.ts", "factories/Main__factory.ts"];
const committed = (file: string) => execFileSync("git", ["show", `HEAD:typechain-types/${file}`], { cwd: ROOT, encoding: "utf8" });

describe("npm run typechain", function () {
  this.timeout(120_000);

  it("regenerates the bindings with no moment when one is missing or half-written, as committed, and drops what is no longer generated", async function () {
    // A binding edited by hand, and one of an ABI since removed, in a folder of its own.
    appendFileSync(path.join(BINDINGS, "Main.ts"), "\n// edited by hand\n");
    const edited = readFileSync(path.join(BINDINGS, "Main.ts"), "utf8");
    mkdirSync(path.join(BINDINGS, "factories", "removed"), { recursive: true });
    writeFileSync(path.join(BINDINGS, "factories", "removed", "Gone__factory.ts"), "export {};\n");

    const run = spawn(process.execPath, [path.join(ROOT, "node_modules", "ts-node", "dist", "bin.js"), "--transpile-only", "scripts/typechain.ts"], { cwd: ROOT, stdio: "ignore" });
    const exited = new Promise<number | null>((resolve) => run.on("exit", resolve));
    let done = false;
    void exited.then(() => (done = true));
    let looks = 0;
    const seen = new Set<string>();
    while (!done) {
      for (const file of WATCHED) {
        const full = path.join(BINDINGS, file);
        seen.add(existsSync(full) ? (file === "Main.ts" ? `Main.ts:${readFileSync(full, "utf8").length}` : `${file}:present`) : `${file}:missing`);
      }
      looks += 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(await exited).to.equal(0);
    expect(looks).to.be.greaterThan(10);
    // Main.ts was only ever the edited file or the generated one, whole; the others always there.
    const wholeLengths = new Set([`Main.ts:${edited.length}`, `Main.ts:${committed("Main.ts").length}`]);
    expect([...seen].filter((look) => look.startsWith("Main.ts:") && !wholeLengths.has(look)), "partial reads").to.deep.equal([]);
    expect([...seen].filter((look) => look.endsWith(":missing")), "missing files").to.deep.equal([]);
    for (const file of WATCHED) expect(readFileSync(path.join(BINDINGS, file), "utf8"), file).to.equal(committed(file));
    expect(existsSync(path.join(BINDINGS, "factories", "removed")), "the removed ABI's folder").to.equal(false);
    expect(execFileSync("git", ["status", "--porcelain", "typechain-types"], { cwd: ROOT, encoding: "utf8" })).to.equal("");
  });
});
