/**
 * The two-step flow of every action that spends a token (synthesis, exchange, listing and buying
 * MV): 1 authorise the contract to spend it, 2 confirm the action. The flow owns the amount field
 * and holds the one order of checks, for both buttons, everywhere:
 *   1. the field: its format and the action's rule (`check`), then the balance, said under the
 *      field while the user types;
 *   2. the action's own conditions (registered, something for sale: `precheck`), under the buttons;
 *   3. for Confirm only: the allowance must cover what the action may take ('Please authorize first~').
 * Nothing reaches the wallet unless every check passed. The authorisation is for exactly what the
 * action may take by default; a larger (unlimited) one only when the user ticks the box.
 */
import { MaxUint256 } from "ethers/constants";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

import type { ContractName, TokenSymbol } from "@product";

import type { Message } from "@/i18n/message";
import type { ContractAction } from "@/lib/contracts/use-contract-action";
import { notEnough } from "@/lib/contracts/balance-message";
import { useApproveAction } from "@/lib/contracts/use-approve-action";

import { ActionButton } from "@/components/action-button";
import { AddTokenButton } from "./add-token-button";
import { ButtonRow, RefusalNote } from "@/components/form";
import { TransactionNote } from "./transaction-note";
import { useFieldCheck, useRefusal } from "@/lib/forms/field-check";
import { AllowanceAmount, TokenAmount } from "@/components/tokens";
import { Stat } from "@/components/ui";
import styles from "./approve-then-act.module.css";

export type FieldCheck<T> = (text: string) => { value: T } | { problem: Message };

export interface ApproveThenActOptions<T> {
  token: TokenSymbol;
  spender: ContractName;
  /** The field's format and the action's rule; the balance is checked after it, here. */
  check: FieldCheck<T>;
  /** The user's balance and allowance of `token` for `spender`; undefined until read. */
  balance: bigint | undefined;
  allowance: bigint | undefined;
  /** What the action takes from the balance for a field value. */
  costs: (value: T) => bigint;
  /** The most it may take (what is authorised and checked against the allowance): `costs`, or
   *  more when the action sends a bound with a tolerance. */
  mayTake?: (value: T) => bigint;
  /** The action's own conditions, checked after the field; the reason it cannot go ahead, if any. */
  precheck?: () => Message | undefined;
  /** The action (a feature's useXAction()), for its button, its progress and what of it is pending. */
  action: Pick<ContractAction<never>, "phase" | "hash" | "error" | "busy" | "pending">;
  /** Runs it for a field value (`action.run(...)` with the arguments it takes): resolves to the
   *  action's result (a receipt) when it went through, undefined when it did not. */
  send: (value: T) => Promise<unknown>;
}

export function useApproveThenAct<T>(options: ApproveThenActOptions<T>) {
  const { token, spender, check, balance, allowance, costs, precheck, action } = options;
  const mayTake = options.mayTake ?? costs;
  const field = useFieldCheck<T>((text) => {
    const ruled = check(text);
    if ("value" in ruled && balance !== undefined && costs(ruled.value) > balance) return { problem: notEnough(token) };
    return ruled;
  });
  const approval = useApproveAction(token, spender);
  const refusal = useRefusal();
  const [unlimited, setUnlimited] = useState(false);

  // A refusal is about what was typed: a new text makes it stale.
  const { clear } = refusal;
  useEffect(clear, [field.text, clear]);

  const need = field.value === undefined ? undefined : mayTake(field.value);
  /** Step 1 is done: what the typed amount needs is already authorised. */
  const authorized = need !== undefined && allowance !== undefined && allowance >= need;

  // A refusal is also stale once its reason is gone (the backlog processed, the member
  // registered, the figures read, the authorisation given): it is not left under the buttons
  // until the next key. Asked after each render, not during it: a precheck may use what the page
  // reads after this hook (the buy form's quote).
  const refused = refusal.message?.key;
  useEffect(() => {
    if (refused === undefined) return;
    const standing = refused === "errors:authorizeFirst" || refused === "errors:authorizationPending" ? !authorized : precheck?.()?.key === refused;
    if (!standing) clear();
  });

  /** The checks both buttons share; the value to act on when they pass. */
  const valueToActOn = (): T | undefined => {
    const value = field.attempt();
    if (value === undefined) {
      refusal.clear();
      return undefined;
    }
    if (refusal.refuse(precheck?.())) return undefined;
    return value;
  };

  const authorize = async () => {
    const value = valueToActOn();
    if (value === undefined) return;
    await approval.run(unlimited ? MaxUint256 : mayTake(value));
  };

  const confirm = async () => {
    const value = valueToActOn();
    if (value === undefined) return;
    if (allowance !== undefined && allowance < mayTake(value)) {
      // An authorisation sent and not confirmed yet (say, before a reload) is waited for, not repeated.
      refusal.refuse({ key: approval.pending.length || approval.busy ? "errors:authorizationPending" : "errors:authorizeFirst" });
      return;
    }
    if ((await options.send(value)) !== undefined) field.clear();
  };

  return { token, field, approval, action, refusal, unlimited, setUnlimited, authorized, authorize, confirm };
}

export type ApproveThenAct<T> = ReturnType<typeof useApproveThenAct<T>>;

/** What a flow spends from, above its field: the balance of its token and what is authorised. */
export function Holdings({
  token,
  balance,
  allowance,
  balanceLabel,
  testIds,
}: {
  token: TokenSymbol;
  balance: bigint | undefined;
  allowance: bigint | undefined;
  /** The page's word for the balance, when not 'Balance'. */
  balanceLabel?: string;
  testIds: { balance: string; allowance: string };
}) {
  const { t } = useTranslation("pages");
  return (
    <>
      <Stat label={balanceLabel ?? t("mining.balance")} value={<TokenAmount value={balance} symbol={token} testId={testIds.balance} />} />
      <Stat label={t("mining.authorized")} value={<AllowanceAmount value={allowance} symbol={token} testId={testIds.allowance} />} />
      <AddTokenButton token={token} />
    </>
  );
}

/** Which step the user is at: 1 Authorize (marked done once the allowance covers the amount) -> 2 Confirm. */
function Steps({ authorized }: { authorized: boolean }) {
  const { t } = useTranslation("common");
  return (
    <ol className={styles.steps} data-testid="steps">
      <li className={authorized ? styles.stepDone : styles.stepCurrent} data-done={authorized} data-testid="step-authorize">
        <span className={styles.stepMark} aria-hidden="true">
          {authorized ? "✓" : "1"}
        </span>
        {t("steps.authorize")}
        {authorized && <span className="visually-hidden">{t("steps.done")}</span>}
      </li>
      <li className={authorized ? styles.stepCurrent : styles.step} data-testid="step-confirm">
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
export function ApproveThenActControls<T>({
  flow,
  children,
  ready,
  testId,
}: {
  flow: ApproveThenAct<T>;
  /** The action's label ('Confirm Synthesis'). */
  children: ReactNode;
  /** False until the figures the checks use are read. */
  ready: boolean;
  testId: string;
}) {
  const { t } = useTranslation(["pages", "common"]);
  const { approval, action } = flow;
  return (
    <>
      <label className={styles.toggle}>
        <input type="checkbox" checked={flow.unlimited} onChange={(event) => flow.setUnlimited(event.target.checked)} data-testid="unlimited" />
        {t("mining.unlimited")}
      </label>
      <Steps authorized={flow.authorized} />
      <ButtonRow>
        <ActionButton
          variant="secondary"
          transaction={approval}
          busyLabel={t("common:messages.authorizing")}
          onClick={() => void flow.authorize()}
          disabled={!ready || action.busy || flow.authorized}
          testId="authorize"
        >
          {flow.authorized ? t("common:steps.authorized") : t("common:actions.authorize", { token: flow.token })}
        </ActionButton>
        <ActionButton transaction={action} onClick={() => void flow.confirm()} disabled={!ready || approval.busy} testId={testId}>
          {children}
        </ActionButton>
      </ButtonRow>
      <RefusalNote refusal={flow.refusal} />
      <TransactionNote transaction={{ ...(action.phase !== "idle" ? action : approval), pending: [...approval.pending, ...action.pending] }} />
    </>
  );
}
