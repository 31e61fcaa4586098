/**
 * One function of the console: a field per input, typed from the ABI (./arguments.ts), and Call
 * (a read: the node answers at once) or Send (a write: from the connected wallet, through the
 * app's one transaction path, so it is kept with the user's transactions and its outcome told).
 * Before a write is sent it is tried as a call from the same account: one that would revert says
 * its custom error, decoded, and sends nothing. A confirmed write shows its events, decoded.
 *
 * Nothing is sent while an input is wrong: each wrong field says why, in the user's language.
 */
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FunctionFragment } from "ethers/abi";

import { ActionButton, PREPARING } from "@/components/action-button";
import { Field } from "@/components/form";
import { Badge, Note } from "@/components/ui";
import type { Message } from "@/i18n/message";
import { useMessage } from "@/i18n/use-message";
import { useContractAction } from "@/lib/contracts/use-contract-action";
import { useWallet } from "@/lib/wallet/wallet";

import { decodeLogs, type ConsoleContract } from "./abis";
import { holdsIntegers, isComposite, jsonExample, parseArgument } from "./arguments";
import { callFunction, callText, outcomeOfFailure, type Outcome } from "./calls";
import styles from "./console.module.css";
import shared from "../diagnostics.module.css";

export function OutcomeView({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation("console");
  switch (outcome.kind) {
    case "values":
      return (
        <dl className={styles.values} aria-label={t("result")}>
          {outcome.lines.map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd className="mono">{line.text}</dd>
            </div>
          ))}
        </dl>
      );
    case "events":
      return (
        <div className={styles.events} role="status">
          <p>{t("confirmed", { block: outcome.block.toString() })}</p>
          <p className={shared.subtitle}>{t("events")}</p>
          {outcome.events.length === 0 ? (
            <p>{t("noEvents")}</p>
          ) : (
            <ul>
              {outcome.events.map((event, i) => (
                <li key={i} className="mono">
                  {event.contract}.{callText(event.name, event.args)}
                </li>
              ))}
            </ul>
          )}
        </div>
      );
    case "reverts":
      return <Note tone="danger" role="alert">{t("reverts", { error: callText(outcome.error.name, outcome.error.args) })}</Note>;
    case "revertsUnknown":
      return <Note tone="danger" role="alert">{t("revertsUnknown", { data: outcome.data })}</Note>;
    case "failed":
      return <Note tone="danger" role="alert">{t("failed", { reason: outcome.reason })}</Note>;
  }
}

interface FunctionFormProps {
  contract: ConsoleContract;
  fragment: FunctionFragment;
  write: boolean;
}

export function FunctionForm({ contract, fragment, write }: FunctionFormProps) {
  const { t } = useTranslation(["console", "errors"]);
  const translate = useMessage();
  const wallet = useWallet();
  const signature = fragment.format("sighash");
  const [texts, setTexts] = useState<string[]>(() => fragment.inputs.map(() => ""));
  const [inTokenUnits, setInTokenUnits] = useState<boolean[]>(() => fragment.inputs.map(() => false));
  const [problems, setProblems] = useState<(Message | undefined)[]>([]);
  const [outcome, setOutcome] = useState<Outcome>();
  const [reading, setReading] = useState(false);
  const send = useContractAction({
    action: `console:${contract.name}.${signature}`,
    plan: (args: unknown[]) => ({
      call: { contract: contract.name, method: signature, args },
      summary: { key: "activity:summaries.console", params: { contract: contract.name, method: fragment.name } },
    }),
    success: "activity:states.confirmed",
    failure: "errors:actionFailed",
  });

  /** The arguments typed, or undefined when one is wrong (each wrong field then says why). */
  const argumentsTyped = (): unknown[] | undefined => {
    const parsed = fragment.inputs.map((input, i) => parseArgument(input, texts[i] ?? "", inTokenUnits[i]));
    setProblems(parsed.map((part) => (part.ok ? undefined : part.error)));
    if (parsed.some((part) => !part.ok)) return undefined;
    return parsed.map((part) => (part as { value: unknown }).value);
  };

  const call = async () => {
    const args = argumentsTyped();
    if (!args) return;
    setReading(true);
    setOutcome(await callFunction(contract, fragment, args, wallet.account).catch((error: unknown) => outcomeOfFailure(error, t("errors:network"))));
    setReading(false);
  };

  const sendIt = async () => {
    const args = argumentsTyped();
    if (!args) return;
    setOutcome(undefined);
    if (wallet.account && !wallet.isWrongChain) {
      // Tried first as a call from the same account: a revert is told decoded, and nothing is sent.
      setReading(true);
      const tried = await callFunction(contract, fragment, args, wallet.account).catch((error: unknown) => outcomeOfFailure(error, t("errors:network")));
      setReading(false);
      if (tried.kind !== "values") return setOutcome(tried);
    }
    const receipt = await send.run(args);
    if (receipt) setOutcome({ kind: "events", block: receipt.blockNumber, events: decodeLogs(receipt.logs) });
  };

  const fields: ReactNode[] = fragment.inputs.map((input, i) => {
    const problem = problems[i];
    return (
      <div key={i} className={styles.input}>
        <Field
          label={`${input.name || `#${i}`} (${input.format()})`}
          value={texts[i] ?? ""}
          onChange={(value) => setTexts((all) => all.map((text, j) => (j === i ? value : text)))}
          placeholder={input.type === "address" ? "0x…" : undefined}
          inputMode={/^u?int\d*$/.test(input.type) ? (inTokenUnits[i] ? "decimal" : "numeric") : "text"}
          error={problem ? translate(problem) : undefined}
          hint={isComposite(input) ? t("jsonHint", { example: jsonExample(input) }) : undefined}
        />
        {holdsIntegers(input) && (
          <label className={styles.units}>
            <input type="checkbox" checked={inTokenUnits[i] ?? false} onChange={(event) => setInTokenUnits((all) => all.map((on, j) => (j === i ? event.target.checked : on)))} />
            {t("inTokenUnits")}
          </label>
        )}
      </div>
    );
  });

  return (
    <details className={styles.function}>
      <summary>
        <span className="mono">{fragment.name}</span>
        <span className={`${shared.dim} mono`}>({fragment.inputs.map((input) => input.type).join(", ")})</span>
        {fragment.payable && <Badge title={t("payable")}>payable</Badge>}
      </summary>
      <div className={styles.body}>
        {fields}
        {write && !wallet.account && <Note>{t("connectToSend")}</Note>}
        {write ? (
          <ActionButton onClick={() => void sendIt()} transaction={reading ? PREPARING : send}>
            {t("send")}
          </ActionButton>
        ) : (
          <button type="button" className="button" onClick={() => void call()} disabled={reading} aria-busy={reading}>
            {reading ? t("reading") : t("call")}
          </button>
        )}
        {send.phase === "failed" && send.error && (
          <Note tone="danger" role="alert">
            {translate(send.error)}
          </Note>
        )}
        {outcome && <OutcomeView outcome={outcome} />}
      </div>
    </details>
  );
}
