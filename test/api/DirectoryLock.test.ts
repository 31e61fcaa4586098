import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import { expect } from "chai";

import { holdDirectory } from "../../mocks/api/directory-lock";
import { temporaryDataDir } from "./harness";

describe("Account API: one process per embedded database directory", function () {
  const WHAT = "the account API's database";

  it("is held once in a process, and free again once released", function () {
    const dir = temporaryDataDir(false);
    const release = holdDirectory(dir, WHAT);
    expect(fs.readFileSync(path.join(dir, ".lock"), "utf8")).to.equal(String(process.pid));
    expect(() => holdDirectory(dir, WHAT)).to.throw(`${WHAT} in ${dir} is already open in this process.`);
    release();
    expect(fs.existsSync(path.join(dir, ".lock"))).to.equal(false);
    holdDirectory(dir, WHAT)();
  });

  it("refuses while the owner runs, naming it", async function () {
    const dir = temporaryDataDir(false);
    const owner = spawn("sleep", ["30"]);
    try {
      fs.writeFileSync(path.join(dir, ".lock"), String(owner.pid));
      expect(() => holdDirectory(dir, WHAT)).to.throw(`${WHAT} in ${dir} is in use by process ${owner.pid}: stop it, or give this one another data directory.`);
    } finally {
      owner.kill();
    }
  });

  it("takes over a lock left by a process that is gone, or one that names nobody", function () {
    const dir = temporaryDataDir(false);
    const gone = spawnSync("true").pid;
    for (const left of [String(gone), "", "not a number"]) {
      fs.writeFileSync(path.join(dir, ".lock"), left);
      const release = holdDirectory(dir, WHAT);
      expect(fs.readFileSync(path.join(dir, ".lock"), "utf8"), JSON.stringify(left)).to.equal(String(process.pid));
      release();
    }
    // Nothing of the takeover is left behind.
    expect(fs.readdirSync(dir).filter((file) => file.startsWith(".lock"))).to.deep.equal([]);
  });
});
