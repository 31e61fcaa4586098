/**
 * Renders the app at a route, with a scripted wallet connected (or none), for screen tests.
 */
import { act, render, screen, within, type RenderResult } from "@testing-library/react";
import { useLayoutEffect } from "react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { expect } from "vitest";

import { AppRoutes } from "@/app/router";
import { shortAddress } from "@/lib/format/format";
import { useToasts } from "@/lib/toast/toast-store";
import { metaMask } from "@/lib/wallet/connectors/metamask";
import { WalletProvider } from "@/lib/wallet/wallet";
import { useAppStore } from "@/store";
import { DEFAULT_TOLERANCE_BPS } from "@/store/settings-slice";
import { signedOut } from "@/store/user-slice";

import { ScriptedProvider } from "./eip1193-mock";

export const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

/** The wallet every screen test uses: injected once, as MetaMask is. */
export const wallet = new ScriptedProvider([ALICE], "0x38");

/** The route and query the app is at, as an address bar would show them. */
const address = { current: "" };

function Where() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    address.current = `${pathname}${search}`;
  }, [pathname, search]);
  return null;
}

/** Where the app is: its route and query (the address bar of a MemoryRouter). */
export const where = (): string => address.current;

export async function renderPage(path: string, { connected = true }: { connected?: boolean } = {}): Promise<RenderResult> {
  Object.assign(window, { ethereum: connected ? wallet : undefined });
  wallet.reset();
  wallet.accounts = [ALICE];
  wallet.chainId = "0x38";
  let result!: RenderResult;
  await act(async () => {
    result = render(
      <WalletProvider>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <Where />
        </MemoryRouter>
      </WalletProvider>,
    );
  });
  // Connected once the header's chip shows the account ('0x7099…79C8', and ', pending' while a transaction is).
  if (connected) await screen.findByRole("button", { name: (name) => name.startsWith(shortAddress(ALICE)) });
  return result;
}

/** After each screen test: no wallet, no toasts, no session kept for any account, the default tolerance. */
export async function disconnect(): Promise<void> {
  await act(async () => metaMask.resetState());
  useToasts.setState({ toasts: [] });
  useAppStore.setState({ user: signedOut, sessions: {}, toleranceBps: DEFAULT_TOLERANCE_BPS });
}

export const toastKeys = () => useToasts.getState().toasts.map((toast) => toast.key);

/** The figure a Stat shows beside `label` (its definition, named by its term), in `scope` (a card) when given. */
export function figure(label: string, scope?: HTMLElement): HTMLElement {
  return (scope ? within(scope) : screen).getByRole("definition", { name: label });
}

/** The figure beside `label`, or null when the page does not show it. */
export function queryFigure(label: string, scope?: HTMLElement): HTMLElement | null {
  return (scope ? within(scope) : screen).queryByRole("definition", { name: label });
}

/** Each figure, by its label, shows its text (a string it contains, or a pattern it matches). */
export function expectFigures(expected: Record<string, string | RegExp>, scope?: HTMLElement): void {
  for (const [label, text] of Object.entries(expected)) expect(figure(label, scope)).toHaveTextContent(text);
}

/** The card titled `title` (a region named by its heading). */
export function card(title: string): HTMLElement {
  return screen.getByRole("region", { name: title });
}

/** The input labelled `label`, in `scope` when given. */
export function field(label: string, scope?: HTMLElement): HTMLInputElement {
  return (scope ? within(scope) : screen).getByLabelText<HTMLInputElement>(label, { selector: "input" });
}

/** The problem said under the field labelled `label` (its description), if any. */
export function fieldError(label: string, scope?: HTMLElement): string | null {
  const input = field(label, scope);
  const id = input.getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** Whether `alert` is the problem of a field: the description of an input, said under it. */
const describesAField = (alert: HTMLElement) =>
  alert.id !== "" && [...document.querySelectorAll("[aria-describedby]")].some((element) => element.getAttribute("aria-describedby")!.split(" ").includes(alert.id));

/**
 * The alert under an action's buttons, if any: why the action was refused, or why its last attempt
 * failed (one channel: never a pop-up). In `scope` (a card), else in the page's main content; a
 * field's own problem, said under the field, is not one. More than one is an error.
 */
export function refusalText(scope?: HTMLElement): string | null {
  const alerts = within(scope ?? screen.getByRole("main"))
    .queryAllByRole("alert")
    .filter((alert) => !describesAField(alert));
  if (alerts.length > 1) throw new Error(`More than one alert under the buttons: ${alerts.map((alert) => alert.textContent).join(" | ")}`);
  return alerts[0]?.textContent ?? null;
}
