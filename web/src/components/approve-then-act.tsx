/**
 * The two-step flow of every action that spends a token (synthesis, exchange, listing and buying
 * MV): 1 authorise the contract to spend it, 2 confirm the action. One order of checks for both
 * buttons, everywhere:
 *   1. the field: its format and rule, then the balance (its check says so, under the field);
 *   2. the action's own conditions (registered, something for sale), under the buttons;
 *   3. for Confirm only: the allowance must cover what the action spends ('Please authorize first~').
 * Nothing reaches the wallet unless every check passed. The authorisation is for the exact amount
 * by default; a larger (unlimited) one only when the user ticks the box.
 */
import { MaxUint256 } from "ethers/constants";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { addresses } from "@/config/addresses";
import type { ContractName, TokenSymbol } from "@/config/contract-names";
import { useTransaction, type SendTransaction, type TransactionOptions } from "@/lib/contracts/use-transaction";
import type { Message } from "@/lib/toast/toast-store";

import { ActionButton } from "./action-button";
import { ButtonRow, RefusalNote, TransactionNote, useRefusal } from "./form";
import styles from "./form.module.css";

/** The part of a field check (useFieldCheck) the flow needs. */
interface CheckedField<T> {
  text: string;
  value: T | undefined;
  attempt: () => T | undefined;
}

export interface ApproveThenActOptions<T> {
  token: TokenSymbol;
  spender: ContractName;
  field: CheckedField<T>;
  /** What the action takes from the user's `token` balance for a field value. */
  spends: (value: T) => bigint;
  /** The current allowance of `spender`; undefined until read. */
  allowance: bigint | undefined;
  /** The action's own conditions, checked after the field; the reason it cannot go ahead, if any. */
  precheck?: () => Message | undefined;
  /** The transaction, and its messages. */
  send: (value: T) => SendTransaction;
  messages: TransactionOptions;
  /** After a confirmed action (say, empty the field). */
  onDone?: () => void;
}

export function useApproveThenAct<T>(options: ApproveThenActOptions<T>) {
  const { token, spender, field, spends, allowance, precheck } = options;
  const approval = useTransaction();
  const action = useTransaction();
  const refusal = useRefusal();
  const [unlimited, setUnlimited] = useState(false);

  // A refusal is about what was typed: a new text makes it stale.
  const { clear } = refusal;
  useEffect(clear, [field.text, clear]);

  const need = field.value === undefined ? undefined : spends(field.value);
  /** Step 1 is done: what the typed amount needs is already authorised. */
  const authorized = need !== undefined && allowance !== undefined && allowance >= need;

  /** The checks both buttons share; the value to act on when they pass. */
  const checked = (): T | undefined => {
    const value = field.attempt();
    if (value === undefined) {
      refusal.clear();
      return undefined;
    }
    if (refusal.refuse(precheck?.())) return undefined;
    return value;
  };

  const authorize = async () => {
    const value = checked();
    if (value === undefined) return;
    await approval.run((c) => c.tokens[token].approve(addresses[spender], unlimited ? MaxUint256 : spends(value)), {
      success: "common:messages.authorizationSuccessful",
      failure: "errors:authorizationFailed",
      token,
    });
  };

  const confirm = async () => {
    const value = checked();
    if (value === undefined) return;
    if (allowance !== undefined && allowance < spends(value) && refusal.refuse({ key: "errors:authorizeFirst" })) return;
    if (await action.run(options.send(value), options.messages)) options.onDone?.();
  };

  return { token, approval, action, refusal, unlimited, setUnlimited, authorized, authorize, confirm };
}

export type ApproveThenAct = ReturnType<typeof useApproveThenAct>;

/** Which step the user is at: 1 Authorize (marked done once the allowance covers the amount) -> 2 Confirm. */
function Steps({ flow }: { flow: ApproveThenAct }) {
  const { t } = useTranslation("common");
  return (
    <ol className={styles.steps} data-testid="steps">
      <li className={flow.authorized ? styles.stepDone : styles.stepCurrent} data-done={flow.authorized} data-testid="step-authorize">
        <span className={styles.stepMark} aria-hidden="true">
          {flow.authorized ? "✓" : "1"}
        </span>
        {t("steps.authorize")}
        {flow.authorized && <span className="visually-hidden">{t("steps.done")}</span>}
      </li>
      <li className={flow.authorized ? styles.stepCurrent : styles.step} data-testid="step-confirm">
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
  testId,
}: {
  flow: ApproveThenAct;
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
      <Steps flow={flow} />
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
      <TransactionNote transaction={action.phase !== "idle" ? action : approval} />
    </>
  );
}
