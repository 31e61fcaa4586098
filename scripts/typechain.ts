/**
 * `npm run typechain`: the TypeChain bindings of contracts-abi/, generated into a fresh folder and
 * then moved into typechain-types/ file by file. The folder is never empty or half-written while
 * it is made: the account API and Hardhat import it, and a build may run beside them. Each file is
 * written beside its place and renamed over it (a rename is atomic: a reader sees the old file or
 * the new one, never part of one), and only when it changed. A file no longer generated (an ABI
 * removed) is deleted last, with the folders it leaves empty.
 *
 * Then the same ABIs as TypeScript constants for the indexer (scripts/lib/abi-constants.ts), written
 * the same way: beside its place, renamed over it, only when changed.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, rmdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { ABI_CONSTANTS_FILE, abiConstants } from "./lib/abi-constants";

const ROOT = path.resolve(__dirname, "..");
const TARGET = path.join(ROOT, "typechain-types");

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, path.join(prefix, name)) : [path.join(prefix, name)];
  });
}

function sameContent(a: string, b: string): boolean {
  try {
    return readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

/** `from` in place of `to`, by a rename from a copy beside it. */
function replaceFile(from: string, to: string): void {
  mkdirSync(path.dirname(to), { recursive: true });
  const staged = `${to}.${process.pid}.tmp`;
  copyFileSync(from, staged);
  renameSync(staged, to);
}

/** Removes `dir` and its parents up to `root` while they are empty. */
function removeEmptyFolders(dir: string, root: string): void {
  for (let current = dir; current !== root && current.startsWith(root) && readdirSync(current).length === 0; current = path.dirname(current)) rmdirSync(current);
}

const fresh = mkdtempSync(path.join(os.tmpdir(), "typechain-"));
try {
  execFileSync(path.join(ROOT, "node_modules", ".bin", "typechain"), ["--target", "ethers-v6", "--out-dir", fresh, "contracts-abi/*.json"], { cwd: ROOT, stdio: "inherit" });
  const made = filesUnder(fresh);
  for (const file of made) if (!sameContent(path.join(fresh, file), path.join(TARGET, file))) replaceFile(path.join(fresh, file), path.join(TARGET, file));
  const kept = new Set(made);
  for (const file of filesUnder(TARGET)) {
    if (kept.has(file)) continue;
    rmSync(path.join(TARGET, file));
    removeEmptyFolders(path.dirname(path.join(TARGET, file)), TARGET);
  }
} finally {
  rmSync(fresh, { recursive: true, force: true });
}

const constants = path.join(ROOT, ABI_CONSTANTS_FILE);
const text = abiConstants(path.join(ROOT, "contracts-abi"));
if (!sameText(constants, text)) {
  const staged = `${constants}.${process.pid}.tmp`;
  writeFileSync(staged, text);
  renameSync(staged, constants);
}

function sameText(file: string, text: string): boolean {
  try {
    return readFileSync(file, "utf8") === text;
  } catch {
    return false;
  }
}
