import type { ReactNode } from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";

import { Link } from "./link";

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

/** An app on a memory router at `/from` (with a page before it), whose `/from` shows `link`. */
function renderAt(link: ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <>
            {link}
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ["/before", "/from"], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("the app's link", () => {
  it("points at the page and goes there on a plain click, adding to the history", async () => {
    const router = renderAt(<Link to="/pages/register/register">Register</Link>);
    const link = screen.getByRole("link", { name: "Register" });
    expect(link.getAttribute("href")).toBe("/pages/register/register");
    fireEvent.click(link);
    expect(await screen.findByText("at /pages/register/register")).toBeTruthy();
    await router.navigate(-1);
    expect(await screen.findByText("at /from")).toBeTruthy();
  });

  it("replaces the current entry when asked to", async () => {
    const router = renderAt(
      <Link to="/pages/bind/bind" replace>
        Bind
      </Link>,
    );
    fireEvent.click(screen.getByRole("link", { name: "Bind" }));
    expect(await screen.findByText("at /pages/bind/bind")).toBeTruthy();
    await router.navigate(-1);
    expect(await screen.findByText("at /before")).toBeTruthy();
  });

  it("leaves a click with a modifier key or for another tab to the browser", () => {
    renderAt(
      <>
        <Link to="/pages/a">A</Link>
        <Link to="/pages/b" target="_blank">
          B
        </Link>
      </>,
    );
    for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      expect(fireEvent.click(screen.getByRole("link", { name: "A" }), click), JSON.stringify(click)).toBe(true);
    }
    expect(fireEvent.click(screen.getByRole("link", { name: "B" }))).toBe(true);
    expect(screen.getByText("at /from")).toBeTruthy();
  });

  it("runs its own onClick first, which may keep the app where it is", () => {
    const clicked: string[] = [];
    renderAt(
      <Link
        to="/pages/a"
        onClick={(event) => {
          clicked.push("own");
          event.preventDefault();
        }}
      >
        A
      </Link>,
    );
    fireEvent.click(screen.getByRole("link", { name: "A" }));
    expect(clicked).toEqual(["own"]);
    expect(screen.getByText("at /from")).toBeTruthy();
  });
});
