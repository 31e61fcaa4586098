/**
 * Commands run side by side with their output grouped: each command's whole log once it ends, so
 * two never interleave, then a timings table. `npm run test:checks` and `npm run test:e2e` use it
 * (docs/testing.md §1 and §4).
 *
 * Grouped logs come out in the commands' order, and a CI page often shows only the end of the
 * output: a failure early in the list would scroll out of sight behind the others' passing logs.
 * So a failing command's failure is printed again, last.
 *
 * A Ctrl-C or a SIGTERM is concurrently's own to handle: it passes the signal to every command's
 * process tree and starts none of those still queued.
 */
import { stripVTControlCharacters } from "node:util";

import concurrently, { type CloseEvent, type ConcurrentlyCommandInput } from "concurrently";

import { ROOT } from "./stack";

/** Lines of a failing command's log printed again when it has no "Failed Tests" section (Vitest's). */
const TAIL_LINES = 80;
/** At most this much of Vitest's "Failed Tests" section: the first failures say enough. */
const SECTION_LINES = 200;

/** Resolves whether every command exited 0. */
export async function runGroups(commands: ConcurrentlyCommandInput[], maxProcesses?: number): Promise<boolean> {
  const run = concurrently(commands, { cwd: ROOT, group: true, prefix: "[{name}]", timings: true, maxProcesses });
  const logs = run.commands.map((command) => {
    const log: string[] = [];
    const keep = (chunk: Buffer): void => void log.push(chunk.toString("utf8"));
    command.stdout.subscribe(keep);
    command.stderr.subscribe(keep);
    return log;
  });
  try {
    await run.result;
    return true;
  } catch (events: unknown) {
    for (const { index, exitCode, command } of events as CloseEvent[]) {
      if (exitCode !== 0) console.error(`\n${command.name} failed (exit ${exitCode}):\n${failureOf(logs[index].join(""))}`);
    }
    return false;
  }
}

function failureOf(log: string): string {
  const text = stripVTControlCharacters(log);
  const section = text.lastIndexOf("Failed Tests");
  const lines = section < 0 ? text.split("\n").slice(-TAIL_LINES) : text.slice(section).split("\n").slice(0, SECTION_LINES);
  return lines.join("\n");
}
