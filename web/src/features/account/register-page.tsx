import { ZeroAddress } from "ethers/constants";
import { useTranslation } from "react-i18next";

import type { PageProps } from "@/app/routes";
import { ActionButton, Field, TransactionNote, useFieldCheck } from "@/components/form";
import { Page } from "@/components/page";
import { parseAddress } from "@/components/parse";
import { RequireWallet } from "@/components/require-wallet";
import { Card, Loading, Note, Stack, Stat } from "@/components/ui";
import { useMessage } from "@/i18n/use-message";
import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";
import { useTransaction } from "@/lib/contracts/use-transaction";
import { refuse } from "@/lib/toast/toast-store";
import { useAppStore } from "@/store";

/** Joins the referral tree on chain, under the referrer of the link the user came from. */
function OnChainRegistration({ account }: { account: string }) {
  const { t } = useTranslation("pages");
  const translate = useMessage();
  const ref = useAppStore((state) => state.ref);
  const registration = useTransaction();
  const field = useFieldCheck(
    (text) => {
      const parsed = parseAddress(text);
      if (!parsed.ok) return { problem: { key: parsed.reason === "empty" ? "errors:enterReferrer" : "errors:incorrectFormat" } };
      if (parsed.value.toLowerCase() === account.toLowerCase()) return { problem: { key: "errors:selfReferral" } };
      return { value: parsed.value };
    },
    parseAddress(ref).ok ? ref : "",
  );
  const referrer = field.value;
  const { data: mine } = useChainQuery(`register:${account}`, () => [read(contracts.community, "memberInfo", account)]);
  const { data: theirs } = useChainQuery(referrer ? `register:referrer:${referrer}` : null, () => [
    read(contracts.community, "isRegistered", referrer ?? ZeroAddress),
  ]);
  const info = mine?.[0];
  const referrerKnown = theirs?.[0];
  const problem = field.problem ?? (referrerKnown === false ? { key: "errors:unknownReferrer" } : undefined);

  const submit = async () => {
    const value = field.attempt();
    if (value === undefined) return;
    if (referrerKnown === false && refuse({ key: "errors:unknownReferrer" })) return;
    await registration.run((c) => c.community.register(value), { success: "common:messages.registerSuccessful", failure: "errors:actionFailed" });
  };

  if (!info) return <Loading />;
  if (info.registered) {
    return (
      <Card testId="registered">
        <Note tone="success">{t("register.already")}</Note>
        <Stat label={t("links.superior")} value={<span className="mono">{info.inviter === ZeroAddress ? t("links.genesis") : info.inviter}</span>} />
      </Card>
    );
  }
  return (
    <Card testId="register-form">
      <Field
        label={t("forms.referrer")}
        value={field.text}
        onChange={field.setText}
        placeholder={translate({ key: "errors:enterReferrer" })}
        error={(field.showProblem || referrerKnown === false) && problem ? translate(problem) : undefined}
        hint={ref && field.text === ref ? t("register.fromLink") : undefined}
        testId="referrer-input"
      />
      <ActionButton transaction={registration} onClick={() => void submit()} testId="register-submit">
        {t("register.submit")}
      </ActionButton>
      <TransactionNote transaction={registration} />
    </Card>
  );
}

export default function RegisterPage({ query }: PageProps) {
  return (
    <Page title="titles.register">
      <Stack testId="page-register" stype={query.stype}>
        <RequireWallet>{(account) => <OnChainRegistration account={account} />}</RequireWallet>
      </Stack>
    </Page>
  );
}
