import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";

import { ActionButton, PREPARING } from "@/components/action-button";
import { Field, RefusalNote } from "@/components/form";
import { Card, Loading, Stat } from "@/components/ui";
import { Stack } from "@/components/stack";
import { sameAddress } from "@/lib/format/format";
import { useMemberInfo } from "@/lib/product-api/use-member-info";
import { href } from "@/lib/routing/href";
import type { PageProps } from "@/lib/routing/page-props";
import { useSpendingFlow, useTypedText } from "@/lib/spending/use-spending-flow";
import { useLatest } from "@/lib/use-latest";
import { Page } from "@/widgets/page";
import { RequireWallet } from "@/widgets/require-wallet";
import { AddressLink } from "@/widgets/address-link";
import { TransactionNote } from "@/widgets/transaction-note";

import { useChangeSettlerAction } from "./api/use-change-settler-action";
import { getSettlerKind, useSettlerKind, type SettlerKind } from "./api/use-settler-kind";
import { settlerChange } from "./settler";
import styles from "./my-link-page.module.css";

function SettlerForm({ account }: { account: string }) {
  const { t } = useTranslation("pages");
  const navigate = useNavigate();
  const change = useChangeSettlerAction();
  const { info } = useMemberInfo(account);
  // The address typed is parsed above the flow: what the chain says it is (a product contract is
  // refused, another contract allowed with a word) is asked as soon as it is complete, and flows
  // down into the action's facts; again on a submit that came before the answer.
  const typed = useTypedText();
  // The member's word is for the contract it was given for: another address typed needs it again.
  const [confirmedFor, setConfirmedFor] = useState<string>();
  const typedAddress = settlerChange.parse(typed.text, { current: info?.settler, registered: info?.registered, kind: undefined, confirmedWallet: false });
  const address = "value" in typedAddress ? typedAddress.value : undefined;
  const confirmedWallet = address !== undefined && confirmedFor !== undefined && sameAddress(confirmedFor, address);
  const asked = useSettlerKind(address);
  const [found, setFound] = useState<{ address: string; kind: SettlerKind }>();
  const kind = address === undefined ? undefined : (asked ?? (found?.address === address ? found.kind : undefined));
  const flow = useSpendingFlow(settlerChange, { current: info?.settler, registered: info?.registered, kind, confirmedWallet }, { typed });
  const { field } = flow;

  // Asking the chain what the address is, for a press made before the answer: the button says so.
  const [asking, setAsking] = useState(false);

  // The text as last rendered: a press that asked the chain first goes on only for the address it
  // asked about.
  const latestText = useLatest(typed.text);

  const submit = async () => {
    if (asking) return;
    if (address !== undefined && kind === undefined) {
      // A chain that cannot be asked does not stop the user: the contract refuses its own anyway.
      setAsking(true);
      const pressedText = typed.text;
      const answer = await getSettlerKind(address)
        .catch(() => undefined)
        .finally(() => setAsking(false));
      if (latestText.current !== pressedText) return;
      // Kept, so the field says what the chain found (another contract gets its note).
      if (answer !== undefined) setFound({ address, kind: answer });
      // A product contract is refused; another contract waits for the member's word that it is theirs.
      if (answer === "product" || (answer === "contract" && !confirmedWallet)) {
        typed.setTried(true);
        return;
      }
    }
    const quote = await flow.press(false);
    if (!quote) return;
    const done = await change.run(...quote.args);
    if (done) navigate(href("/pages/index/myLink"));
  };

  return (
    <Card>
      <Stat label={t("settler.current")} value={info ? <AddressLink address={info.settler} full /> : <Loading />} />
      <Field
        label={t("forms.settlerAddress")}
        {...field.inputProps}
        placeholder={t("forms.addressPlaceholder")}
        hint={kind === "contract" ? t("settler.contractNote") : undefined}
      />
      {kind === "contract" && (
        <label className={styles.confirm}>
          <input type="checkbox" checked={confirmedWallet} onChange={(event) => setConfirmedFor(event.target.checked ? address : undefined)} />
          {t("settler.confirmWallet")}
        </label>
      )}
      <ActionButton transaction={asking || flow.preparing ? PREPARING : change} onClick={() => void submit()} disabled={!info}>
        {t("settler.submit")}
      </ActionButton>
      <RefusalNote message={flow.refusal} />
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
