/**
 * The two-step flow of every action that spends a token (synthesis, exchange, listing and buying
 * MV): 1 authorise the contract to spend it, 2 confirm the action. The action itself is a plain
 * module of its feature (lib/spending/spending-action.ts: parse, quote, precheck); this adds the
 * token's step, in the one order of checks for both buttons, everywhere:
 *   1. the field: its format and the action's rule, then the balance, said under the field while
 *      the user types;
 *   2. the action's own conditions (registered, something for sale), under the buttons;
 *   3. for Confirm only: the allowance must cover what the action may take ('Please authorize first.').
 * Nothing reaches the wallet unless every check passed. The authorisation is for exactly what the
 * action may take by default; a larger (unlimited) one only when the user ticks the box.
 */
import { MaxUint256 } from "ethers/constants";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

import type { ContractName, TokenSymbol } from "@product";

import { ActionButton, PREPARING } from "@/components/action-button";
import { ButtonRow, RefusalNote } from "@/components/form";
import { AllowanceAmount, TokenAmount } from "@/components/tokens";
import { Stat } from "@/components/ui";
import type { Message } from "@/i18n/message";
import { useApproveAction } from "@/lib/contracts/use-approve-action";
import type { ContractAction } from "@/lib/contracts/use-contract-action";
import { isAuthorized, type Holdings, type SpendingAction } from "@/lib/spending/spending-action";
import { useSpendingFlow, type TypedText } from "@/lib/spending/use-spending-flow";
import { useLatest } from "@/lib/use-latest";
import type { Receipt } from "@/lib/transactions/check-transaction";

import { AddTokenButton } from "./add-token-button";
import { TransactionNote } from "./transaction-note";
import styles from "./approve-then-act.module.css";

export interface ApproveThenActOptions<A extends unknown[]> {
  token: TokenSymbol;
  spender: ContractName;
  /** The user's balance and allowance of `token` for `spender` (undefined until read), and whether
   *  they are being read (use-chain-query.ts): a press made meanwhile waits for them. */
  holdings: Holdings & { loading?: boolean; refreshing?: boolean };
  /** The field's text, when the page keeps it above the flow (lib/spending/use-spending-flow.ts). */
  typed?: TypedText;
  /** The transaction (a feature's useXAction()): its button, its progress, what of it is pending. */
  transaction: ContractAction<A>;
  /** Told the receipt of a confirmed action (the buy form lists the orders it filled). */
  confirmed?: (receipt: Receipt) => void;
  /** Other figures the action is judged on being read again (a quote, limits: `refreshing` of
   *  use-chain-query.ts): a press made meanwhile waits for them too. */
  reading?: boolean;
}

export function useApproveThenAct<F, V, A extends unknown[]>(action: SpendingAction<F, V, A>, facts: F, options: ApproveThenActOptions<A>) {
  const { token, spender, holdings, transaction } = options;
  const approval = useApproveAction(token, spender);
  const [unlimited, setUnlimited] = useState(false);
  const flow = useSpendingFlow(action, facts, {
    typed: options.typed,
    holdings,
    reading: holdings.loading === true || holdings.refreshing === true || options.reading === true,
    // An authorisation sent and not confirmed yet (say, before a reload) is waited for, not repeated.
    confirmGate: ({ quote }): Message | undefined =>
      isAuthorized(quote, holdings.allowance) ? undefined : { key: approval.pending.length || approval.busy ? "errors:authorizationPending" : "errors:authorizeFirst" },
  });
  const { quote } = flow.evaluation;
  /** Step 1 is done: what the typed amount needs is already authorised. */
  const authorized = quote?.spends !== undefined && isAuthorized(quote, holdings.allowance);
  // The allowance as last read: a press that waited for its figures is judged on the new one.
  const allowance = useLatest(holdings.allowance);

  const authorize = async () => {
    const pressed = await flow.press(false);
    // Already covered (the figures that came say so): nothing to sign, and an allowance that is
    // larger (unlimited) is not cut down to this amount. The step shows done.
    if (!pressed?.spends || isAuthorized(pressed, allowance.current)) return;
    await approval.run(unlimited ? MaxUint256 : pressed.spends.mayTake);
  };

  const confirm = async () => {
    const pressed = await flow.press(true);
    if (!pressed) return;
    const receipt = await transaction.run(...pressed.args);
    if (receipt === undefined) return;
    flow.clear();
    options.confirmed?.(receipt);
  };

  return { token, spending: flow, field: flow.field, approval, transaction, unlimited, setUnlimited, authorized, authorize, confirm };
}

/** What the controls show and press of a flow, whatever its action. */
export type ApproveThenAct = Pick<ReturnType<typeof useApproveThenAct>, "token" | "approval" | "unlimited" | "setUnlimited" | "authorized" | "authorize" | "confirm"> & {
  transaction: Pick<ContractAction<never>, "phase" | "hash" | "error" | "busy" | "pending">;
  spending: { refusal?: Message; preparing?: { withGate: boolean } };
};

/** What a flow spends from, above its field: the balance of its token and what is authorised, each
 *  figure named by its label. */
export function BalanceAndAllowance({
  token,
  balance,
  allowance,
  balanceLabel,
}: {
  token: TokenSymbol;
  balance: bigint | undefined;
  allowance: bigint | undefined;
  /** The page's word for the balance, when not 'Balance'. */
  balanceLabel?: string;
}) {
  const { t } = useTranslation("pages");
  return (
    <>
      <Stat label={balanceLabel ?? t("mining.balance")} value={<TokenAmount value={balance} symbol={token} />} />
      <Stat label={t("mining.authorized")} value={<AllowanceAmount value={allowance} symbol={token} />} />
      <AddTokenButton token={token} />
    </>
  );
}

/** Which step the user is at: 1 Authorize (marked done once the allowance covers the amount) -> 2 Confirm. */
function Steps({ authorized }: { authorized: boolean }) {
  const { t } = useTranslation("common");
  return (
    <ol className={styles.steps}>
      <li className={authorized ? styles.stepDone : styles.stepCurrent}>
        <span className={styles.stepMark} aria-hidden="true">
          {authorized ? "✓" : "1"}
        </span>
        {t("steps.authorize")}
        {authorized && <span className="visually-hidden">{t("steps.done")}</span>}
      </li>
      <li className={authorized ? styles.stepCurrent : styles.step}>
        <span className={styles.stepMark} aria-hidden="true">
          2
        </span>
        {t("steps.confirm")}
      </li>
    </ol>
  );
}

/**
 * The controls of the flow: the unlimited box, the steps, Authorize and the action, the reason an
 * action was refused, and the transaction in flight (its hash linked to the explorer). The action
 * waits while its authorisation is open in the wallet, and the other way round.
 */
export function ApproveThenActControls({
  flow,
  children,
  ready,
}: {
  flow: ApproveThenAct;
  /** The action's label ('Confirm Synthesis'). */
  children: ReactNode;
  /** False until the figures the checks use are read. */
  ready: boolean;
}) {
  const { t } = useTranslation(["pages", "common"]);
  const { approval, transaction: action } = flow;
  // A press waiting for its figures (spending/use-spending-flow.ts) shows on its own button.
  const { preparing } = flow.spending;
  return (
    <>
      <label className={styles.toggle}>
        <input
          type="checkbox"
          checked={flow.unlimited}
          onChange={(event) => flow.setUnlimited(event.target.checked)}
          // A press waiting for its figures asks for what the box said when pressed.
          disabled={flow.spending.preparing !== undefined}
        />
        {t("mining.unlimited")}
      </label>
      <Steps authorized={flow.authorized} />
      <ButtonRow>
        <ActionButton
          variant="secondary"
          transaction={preparing && !preparing.withGate ? PREPARING : approval}
          busyLabel={t("common:messages.authorizing")}
          onClick={() => void flow.authorize()}
          disabled={!ready || action.busy || preparing !== undefined || flow.authorized}
        >
          {flow.authorized ? t("common:steps.authorized") : t("common:actions.authorize", { token: flow.token })}
        </ActionButton>
        <ActionButton
          transaction={preparing?.withGate ? PREPARING : action}
          onClick={() => void flow.confirm()}
          disabled={!ready || approval.busy || preparing !== undefined}
        >
          {children}
        </ActionButton>
      </ButtonRow>
      <RefusalNote message={flow.spending.refusal} />
      <TransactionNote transaction={{ ...(action.phase !== "idle" ? action : approval), pending: [...approval.pending, ...action.pending] }} />
    </>
  );
}
