/**
 * The app's logger. Development shows everything; a production build silences the console once
 * startup is over (errors excepted, so that real faults still surface to monitoring and tests).
 */
/* eslint-disable no-console */
export const log = {
  debug: (...args: unknown[]) => console.debug(...args),
  info: (...args: unknown[]) => console.info(...args),
  warn: (...args: unknown[]) => console.warn(...args),
  error: (...args: unknown[]) => console.error(...args),
};

const noop = () => undefined;

export function silenceConsole(target: Console = console): void {
  for (const method of ["log", "info", "debug", "warn", "trace"] as const) target[method] = noop;
}
