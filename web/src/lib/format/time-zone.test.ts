import { describe, expect, it } from "vitest";

import { timeZoneSetter } from "@/test/time-zone";

import { nextUtcMidnightLocal, utcTime } from "./time-zone";

describe("nextUtcMidnightLocal", () => {
  const inTimeZone = timeZoneSetter();

  it("says the chain's next 00:00 UTC on the user's clock, in the user's language", () => {
    const afternoonUtc = Date.parse("2026-11-28T15:00:00Z");
    inTimeZone("Asia/Shanghai");
    expect(nextUtcMidnightLocal("en", afternoonUtc)).toBe("8:00 AM");
    expect(nextUtcMidnightLocal("zh-Hans", afternoonUtc)).toBe("08:00");
    inTimeZone("America/New_York");
    expect(nextUtcMidnightLocal("en", afternoonUtc)).toBe("7:00 PM");
    inTimeZone("UTC");
    // Exactly at the boundary, the next one is a day on.
    expect(nextUtcMidnightLocal("en", Date.parse("2026-11-28T00:00:00Z"))).toBe("12:00 AM");
  });
});

describe("utcTime", () => {
  it("says a moment in UTC to the minute", () => {
    expect(utcTime(new Date(Date.parse("2026-11-30T00:00:59.999Z")))).toBe("2026-11-30 00:00 UTC");
  });
});
