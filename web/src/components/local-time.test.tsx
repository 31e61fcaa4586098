import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { formatTime } from "@/lib/format/format";

import { LocalTime } from "./local-time";

describe("LocalTime", () => {
  it("shows the moment on the user's clock, and in UTC on hover and for machines", () => {
    const moment = new Date(Date.parse("2026-11-28T15:00:00Z"));
    render(<LocalTime date={moment} />);
    const time = screen.getByText(formatTime(moment, "en", "short"));
    expect(time.tagName).toBe("TIME");
    expect(time).toHaveAttribute("title", "2026-11-28 15:00 UTC");
    expect(time).toHaveAttribute("datetime", "2026-11-28T15:00:00.000Z");
  });
});
