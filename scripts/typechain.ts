/**
 * `npm run typechain`: the TypeChain bindings of contracts-abi/, generated into a fresh folder and
 * then moved over typechain-types/ file by file. The folder is never empty or half-written while
 * it is made: the account API and Hardhat import it, and a build may run beside them. A file no
 * longer generated (an ABI removed) is deleted last.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const TARGET = path.join(ROOT, "typechain-types");

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, path.join(prefix, name)) : [path.join(prefix, name)];
  });
}

const fresh = mkdtempSync(path.join(os.tmpdir(), "typechain-"));
try {
  execFileSync(path.join(ROOT, "node_modules", ".bin", "typechain"), ["--target", "ethers-v6", "--out-dir", fresh, "contracts-abi/*.json"], { cwd: ROOT, stdio: "inherit" });
  const made = new Set(filesUnder(fresh));
  cpSync(fresh, TARGET, { recursive: true });
  for (const file of filesUnder(TARGET)) if (!made.has(file)) rmSync(path.join(TARGET, file));
} finally {
  rmSync(fresh, { recursive: true, force: true });
}
