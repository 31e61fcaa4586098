import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";

import { ActionButton } from "@/components/action-button";
import { Field, RefusalNote } from "@/components/form";
import { TransactionNote } from "@/widgets/transaction-note";
import { useFieldCheck, useRefusal } from "@/lib/forms/field-check";
import { Page } from "@/widgets/page";
import { parseAddress } from "@/lib/format/parse";
import { RequireWallet } from "@/widgets/require-wallet";
import { Card, Loading, Stack, Stat } from "@/components/ui";
import { useMessage } from "@/i18n/use-message";
import { useMemberInfo } from "@/lib/product-api/use-member-info";
import { href } from "@/lib/routing/href";
import type { PageProps } from "@/lib/routing/page-props";

import { useChangeSettlerAction } from "./api/use-change-settler-action";
import { getSettlerKind, isUnownedAddress, useSettlerKind, type SettlerKind } from "./api/use-settler-kind";

function SettlerForm({ account }: { account: string }) {
  const { t } = useTranslation("pages");
  const translate = useMessage();
  const navigate = useNavigate();
  const change = useChangeSettlerAction();
  const { info } = useMemberInfo(account);
  const refusal = useRefusal();
  const field = useFieldCheck((text) => {
    const parsed = parseAddress(text);
    if (!parsed.ok) return { problem: { key: parsed.reason === "empty" ? "errors:enterSettler" : "errors:incorrectFormat" } };
    // The settler already: nothing to send (a transaction would change nothing and cost gas).
    if (info && parsed.value.toLowerCase() === info.settler.toLowerCase()) return { problem: { key: "errors:sameSettler" } };
    // Claims sent there could be taken by anyone (Multicall3) or never come out (a precompile).
    if (isUnownedAddress(parsed.value)) return { problem: { key: "errors:unownedSettler" } };
    return { value: parsed.value };
  });
  // One of the product's contracts is a problem of the address typed, so it is said under the
  // field like the others: asked as soon as the address is complete, and again on a submit that
  // came before the answer. Another contract is allowed (a contract wallet), with a word.
  const asked = useSettlerKind(field.value);
  const [found, setFound] = useState<{ address: string; kind: SettlerKind }>();
  const kind = field.value === undefined ? undefined : (asked ?? (found?.address === field.value ? found.kind : undefined));
  const error = field.error ?? (kind === "product" ? translate({ key: "errors:productSettler" }) : undefined);
  const edit = (text: string) => {
    refusal.clear();
    field.setText(text);
  };

  const submit = async () => {
    const settler = field.attempt();
    if (settler === undefined) return refusal.clear();
    // A chain that cannot be asked does not stop the user: the contract refuses its own anyway.
    const settlerKind = kind ?? (await getSettlerKind(settler).catch(() => undefined));
    if (settlerKind === "product") {
      setFound({ address: settler, kind: settlerKind });
      return refusal.clear();
    }
    if (info && !info.registered && refusal.refuse({ key: "errors:notRegistered" })) return;
    const done = await change.run(settler);
    if (done) navigate(href("/pages/index/myLink"));
  };

  return (
    <Card testId="settler-form">
      <Stat label={t("settler.current")} value={<span className="mono" data-testid="current-settler">{info ? info.settler : <Loading />}</span>} />
      <Field
        label={t("forms.settlerAddress")}
        value={field.text}
        onChange={edit}
        placeholder={t("forms.addressPlaceholder")}
        error={error}
        hint={kind === "contract" ? <span data-testid="settler-contract-note">{t("settler.contractNote")}</span> : undefined}
        testId="settler-input"
      />
      <ActionButton transaction={change} onClick={() => void submit()} disabled={!info} testId="settler-submit">
        {t("settler.submit")}
      </ActionButton>
      <RefusalNote refusal={refusal} />
      <TransactionNote transaction={change} />
    </Card>
  );
}

export default function ChangeSettlerPage({ query }: PageProps) {
  return (
    <Page title="titles.changeSettler">
      <Stack testId="page-changeSettler" stype={query.stype}>
        <RequireWallet>{(account) => <SettlerForm account={account} />}</RequireWallet>
      </Stack>
    </Page>
  );
}
