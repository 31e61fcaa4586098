/**
 * One owner at a time for a data directory. PGlite, unlike a PostgreSQL server, does not lock its
 * files: two processes opening one directory would both write to it and corrupt it. The owner's
 * process id is in `.lock`; a lock left by a process that no longer runs (killed) is taken over.
 */
import fs from "node:fs";
import path from "node:path";

const LOCK_FILE = ".lock";

/** Directories this process holds. */
const held = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes `dir` for this process, or throws one sentence naming the owner; returns the release. */
export function holdDirectory(dir: string, what: string): () => void {
  const lock = path.join(dir, LOCK_FILE);
  const key = path.resolve(dir);
  if (held.has(key)) throw new Error(`${what} in ${dir} is already open in this process.`);
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx", mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = Number(fs.readFileSync(lock, "utf8").trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
      throw new Error(`${what} in ${dir} is in use by process ${owner}: stop it, or give this one another data directory.`);
    }
    // Left by a process that is gone: taken over.
    fs.rmSync(lock, { force: true });
  }
  held.add(key);
  return () => {
    held.delete(key);
    fs.rmSync(lock, { force: true });
  };
}
