import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useSearchParams } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";

import type * as EnvModule from "@/config/env";

import { AddressLink } from "./address-link";
import { withAddressLinks } from "./address-text";

/** The build: local (no explorer) unless a test sets mainnet's. */
const build = vi.hoisted(() => ({ explorerUrl: "" }));
vi.mock("@/config/env", async (original) => {
  const actual = await original<typeof EnvModule>();
  return {
    ...actual,
    env: {
      ...actual.env,
      get explorerUrl() {
        return build.explorerUrl;
      },
    },
  };
});

const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const CAROL = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

/** The member page, as far as this test needs it: the address it was opened for. */
function MemberPage() {
  const [query] = useSearchParams();
  return <p>Member {query.get("address")}</p>;
}

function renderAt(element: React.ReactNode) {
  return render(
    <MemoryRouter>
      <Routes>
        <Route path="/" element={element} />
        <Route path="/pages/memberInfo/memberInfo" element={<MemberPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  build.explorerUrl = "";
});

// docs/product/screens.md §4: an address opens that member's page, and on mainnet the explorer too.
describe("an address", () => {
  it("is a link to its member's page, shortened with the whole address in its tooltip", () => {
    renderAt(<AddressLink address={BOB} />);
    const link = screen.getByRole("link", { name: "0x3C44…93BC" });
    expect(link).toHaveAttribute("title", BOB);
    // A local build has no explorer: one link only.
    expect(screen.getAllByRole("link")).toHaveLength(1);
    fireEvent.click(link);
    expect(screen.getByText(`Member ${BOB}`)).toBeInTheDocument();
  });

  it("shows the whole address when asked, still a link", () => {
    renderAt(<AddressLink address={BOB} full />);
    expect(screen.getByRole("link", { name: BOB })).toBeInTheDocument();
  });

  it("offers BscScan beside it in a mainnet build, in a new tab", () => {
    build.explorerUrl = "https://bscscan.com";
    renderAt(<AddressLink address={BOB} />);
    expect(screen.getByRole("link", { name: "0x3C44…93BC" })).toBeInTheDocument();
    const explorer = screen.getByRole("link", { name: `View on BscScan: ${BOB}` });
    expect(explorer).toHaveAttribute("href", `https://bscscan.com/address/${BOB}`);
    expect(explorer).toHaveAttribute("target", "_blank");
  });

  it("becomes a link inside a message, the message's words kept", () => {
    const { container } = renderAt(
      <p>{withAddressLinks((marks) => `Order #3: ${marks.buyer} bought 5 MV from ${marks.seller} for 5 USDT`, { buyer: BOB, seller: CAROL })}</p>,
    );
    expect(container.querySelector("p")).toHaveTextContent("Order #3: 0x3C44…93BC bought 5 MV from 0x90F7…b906 for 5 USDT");
    expect(screen.getAllByRole("link").map((link) => link.getAttribute("title"))).toEqual([BOB, CAROL]);
  });
});
