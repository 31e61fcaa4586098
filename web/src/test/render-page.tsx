/**
 * Renders the app at a route, with a scripted wallet connected (or none), for screen tests.
 */
import { act, render, screen, within, type RenderResult } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { expect } from "vitest";

import { AppRoutes } from "@/app/router";
import { useToasts } from "@/lib/toast/toast-store";
import { metaMask } from "@/lib/wallet/connectors/metamask";
import { WalletProvider } from "@/lib/wallet/wallet";
import { useAppStore } from "@/store";
import { signedOut } from "@/store/user-slice";

import { ScriptedProvider } from "./eip1193-mock";

export const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

/** The wallet every screen test uses: injected once, as MetaMask is. */
export const wallet = new ScriptedProvider([ALICE], "0x38");

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

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
  if (connected) await screen.findByTestId("wallet-account");
  return result;
}

/** After each screen test: no wallet, no toasts, and no session kept for any account. */
export async function disconnect(): Promise<void> {
  await act(async () => metaMask.resetState());
  useToasts.setState({ toasts: [] });
  useAppStore.setState({ user: signedOut, sessions: {} });
}

export const toastKeys = () => useToasts.getState().toasts.map((toast) => toast.key);

/** The reason an action was refused, under its buttons (one channel: never a pop-up); in the card `scope` when given. */
export const refusalText = (scope?: string) => (scope ? within(screen.getByTestId(scope)) : screen).queryByTestId("refusal")?.textContent ?? null;

/** The problem shown under the field with `testId`, if any. */
export function fieldError(testId: string): string | null {
  const input = screen.getByTestId(testId);
  const id = input.getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** Each element, by test id, shows its text (a string it contains, or a pattern it matches). */
export function expectTexts(expected: Record<string, string | RegExp>): void {
  for (const [testId, text] of Object.entries(expected)) expect(screen.getByTestId(testId)).toHaveTextContent(text);
}
