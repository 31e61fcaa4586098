import { afterEach } from "vitest";

/** For a test file: `inTimeZone(zone)` sets the process's time zone (Node reads TZ when it is set),
 *  and each test ends with the zone the file started with. */
export function timeZoneSetter(): (zone: string) => void {
  const started = process.env.TZ;
  afterEach(() => {
    // Assigning undefined would set the text "undefined".
    if (started === undefined) delete process.env.TZ;
    else process.env.TZ = started;
  });
  return (zone) => {
    process.env.TZ = zone;
  };
}
