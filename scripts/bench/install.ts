/**
 * A clean install as a new machine does it: `npm ci` of the repo's package.json and lock (and the
 * patches its postinstall applies) in a new folder, with an empty npm cache, so every package comes
 * from the registry. Reports the time, whether anything was compiled from source (node-gyp), and
 * whether npm warned that a package does not support this Node (EBADENGINE).
 */
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { ROOT } from "../lib/stack";

export interface InstallReport {
  seconds: number;
  node: string;
  /** Lines of the install's output naming node-gyp or a native build. */
  compiled: string[];
  /** npm's EBADENGINE warnings. */
  badEngine: string[];
}

export async function measureInstall(): Promise<InstallReport> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-install-"));
  try {
    for (const file of ["package.json", "package-lock.json", ".npmrc"]) cpSync(path.join(ROOT, file), path.join(dir, file), { force: true, errorOnExist: false });
    cpSync(path.join(ROOT, "scripts", "patches"), path.join(dir, "scripts", "patches"), { recursive: true });
    const started = Date.now();
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn("npm", ["ci", "--no-audit", "--no-fund", "--foreground-scripts", "--cache", path.join(dir, ".npm-cache")], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
      child.once("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`npm ci exited ${code}:\n${text.slice(-3000)}`))));
    });
    const lines = output.split("\n");
    return {
      seconds: (Date.now() - started) / 1000,
      node: process.version,
      compiled: lines.filter((line) => /gyp info (spawn|it worked)|node-gyp rebuild|prebuild-install warn/.test(line)),
      badEngine: lines.filter((line) => line.includes("EBADENGINE")),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  void measureInstall().then((report) => console.log(JSON.stringify(report, null, 2)));
}
