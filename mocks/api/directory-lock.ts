/**
 * One owner at a time for a data directory. PGlite, unlike a PostgreSQL server, does not lock its
 * files: two processes opening one directory would both write to it and corrupt it. The owner's
 * process id is in `.lock`; a lock left by a process that no longer runs (killed) is taken over.
 *
 * The lock appears with its contents at once (written aside, then hard-linked into place: the link
 * fails if a lock is there), so nobody reads it half-written; a stale one is renamed away before it
 * is replaced, so two processes taking over the same stale lock cannot both succeed.
 */
import fs from "node:fs";
import path from "node:path";

const LOCK_FILE = ".lock";
/** Tries before giving up on a lock that keeps changing hands (each a few milliseconds at most). */
const TRIES = 50;

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

/** The lock's owner (0 when it names no process), or undefined when there is no lock (it was just released). */
function ownerOf(lock: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(lock, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Creates `lock` holding this process's id, or returns false when a lock is there. */
function create(lock: string): boolean {
  const aside = `${lock}.${process.pid}.tmp`;
  fs.writeFileSync(aside, String(process.pid), { mode: 0o600 });
  try {
    fs.linkSync(aside, lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

/** Moves a lock owned by `deadOwner` out of the way, unless it changed hands meanwhile (the caller tries again either way). */
function removeStale(lock: string, deadOwner: number): void {
  const moved = `${lock}.stale.${process.pid}`;
  try {
    fs.renameSync(lock, moved);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const owner = ownerOf(moved);
  // Another process replaced the stale lock between our read and our rename: put its lock back.
  if (owner !== deadOwner && owner !== undefined && !fs.existsSync(lock)) fs.renameSync(moved, lock);
  fs.rmSync(moved, { force: true });
}

/** Takes `dir` for this process, or throws one sentence naming the owner; returns the release. */
export function holdDirectory(dir: string, what: string): () => void {
  const lock = path.join(dir, LOCK_FILE);
  const key = path.resolve(dir);
  if (held.has(key)) throw new Error(`${what} in ${dir} is already open in this process.`);
  for (let tries = 0; !create(lock); tries++) {
    if (tries >= TRIES) throw new Error(`${what} in ${dir}: its lock (${lock}) keeps changing hands; try again.`);
    const owner = ownerOf(lock);
    if (owner === undefined) continue;
    if (owner > 0 && owner !== process.pid && isRunning(owner)) {
      throw new Error(`${what} in ${dir} is in use by process ${owner}: stop it, or give this one another data directory.`);
    }
    removeStale(lock, owner);
  }
  held.add(key);
  return () => {
    held.delete(key);
    fs.rmSync(lock, { force: true });
  };
}
