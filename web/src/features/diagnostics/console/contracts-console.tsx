/**
 * The contracts console (docs/operations.md §8), in local and fork builds only: the diagnostics
 * page loads it on demand (`?console`), and a mainnet build has none of its code (the bundle
 * test, test/e2e/mainnet-bundle.test.ts). Pick a contract of the address book: its reads that take
 * nothing are answered at once; every other function of its ABI is a form, reads grouped apart
 * from writes (./function-form.tsx). ABI names are shown as they are; the frame is translated.
 */
import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import type { AddressName } from "@product";

import { Card, Note, Stat } from "@/components/ui";
import { Stack } from "@/components/stack";
import { useWallet } from "@/lib/wallet/wallet";

import { CONSOLE_CONTRACTS, type ConsoleContract } from "./abis";
import { callFunction, outcomeOfFailure, type Outcome } from "./calls";
import { FunctionForm, OutcomeView } from "./function-form";
import styles from "./console.module.css";

/** The contract a developer most often starts with. */
const FIRST: AddressName = "Main";

/** The reads that take nothing, asked at once when the contract is picked (and again on demand). */
function Values({ contract }: { contract: ConsoleContract }) {
  const { t } = useTranslation(["console", "errors"]);
  const { account } = useWallet();
  const plain = useMemo(() => contract.reads.filter((fragment) => fragment.inputs.length === 0), [contract]);
  const network = t("errors:network");
  // Each asking is a round; its answers show once they are all in (a round asked again replaces it).
  const [round, setRound] = useState(0);
  const [answered, setAnswered] = useState<{ round: number; values: { name: string; outcome: Outcome }[] }>();
  useEffect(() => {
    let current = true;
    void Promise.all(
      plain.map(async (fragment) => ({
        name: fragment.name,
        outcome: await callFunction(contract, fragment, [], account).catch((error: unknown) => outcomeOfFailure(error, network)),
      })),
    ).then((values) => current && setAnswered({ round, values }));
    return () => {
      current = false;
    };
  }, [contract, plain, account, network, round]);
  if (plain.length === 0) return null;
  const values = answered?.round === round ? answered.values : undefined;
  return (
    <Card
      title={t("values")}
      action={
        <button type="button" className="button" onClick={() => setRound((n) => n + 1)} disabled={!values} aria-busy={!values}>
          {values ? t("readAgain") : t("reading")}
        </button>
      }
    >
      {values?.map(({ name, outcome }) => (
        <div key={name} className={styles.function}>
          <p className="mono">{name}</p>
          <OutcomeView outcome={outcome} />
        </div>
      ))}
    </Card>
  );
}

export default function ContractsConsole() {
  const { t } = useTranslation("console");
  const pickerId = useId();
  const [name, setName] = useState<AddressName>(FIRST);
  const contract = CONSOLE_CONTRACTS.find((candidate) => candidate.name === name)!;
  const withInputs = contract.reads.filter((fragment) => fragment.inputs.length > 0);

  return (
    <Stack testId="page-contracts-console" layout="wide">
      <Card title={t("title")} action={<a href="#/pages/test/test">{t("back")}</a>}>
        <Note>{t("intro")}</Note>
        <label className={styles.picker} htmlFor={pickerId}>
          {t("contract")}
          <select id={pickerId} value={name} onChange={(event) => setName(event.target.value as AddressName)}>
            {CONSOLE_CONTRACTS.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.name}
              </option>
            ))}
          </select>
        </label>
        <Stat label={t("address")} value={<span className="mono">{contract.address}</span>} />
      </Card>
      <Values key={`values-${name}`} contract={contract} />
      <Card title={`${t("reads")} (${withInputs.length})`}>
        {withInputs.map((fragment) => (
          <FunctionForm key={`${name}-${fragment.format()}`} contract={contract} fragment={fragment} write={false} />
        ))}
      </Card>
      <Card title={`${t("writes")} (${contract.writes.length})`}>
        {contract.writes.map((fragment) => (
          <FunctionForm key={`${name}-${fragment.format()}`} contract={contract} fragment={fragment} write />
        ))}
      </Card>
    </Stack>
  );
}
