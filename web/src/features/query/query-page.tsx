import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";

import { Link } from "@/components/link";
import { ActionButton } from "@/components/action-button";
import { Field } from "@/components/form";
import { Card, Note } from "@/components/ui";
import { Stack } from "@/components/stack";
import { parseAddress } from "@/lib/format/parse";
import { useFieldCheck } from "@/lib/forms/field-check";
import { href } from "@/lib/routing/href";
import type { PageProps } from "@/lib/routing/page-props";
import { useWallet } from "@/lib/wallet/wallet";
import { useAppStore } from "@/store";
import { MemberCard } from "@/widgets/member-card";
import { Page } from "@/widgets/page";

/** The member's own account with the API, or the way to log in. */
function MyAccount() {
  const { t } = useTranslation("pages");
  const token = useAppStore((state) => state.user.token);
  if (token) return <MemberCard full />;
  return (
    <Card>
      <Note>{t("account.queryLogin")}</Note>
      <Link className="button" to={href("/pages/bindOrRegister/bindOrRegister")}>
        {t("home.login")}
      </Link>
    </Card>
  );
}

/** The member's account, and a lookup of any address (the result opens on the member page). */
export default function QueryPage({ query }: PageProps) {
  const { t } = useTranslation("pages");
  const navigate = useNavigate();
  const { account } = useWallet();
  const field = useFieldCheck((text) => {
    const parsed = parseAddress(text);
    return parsed.ok ? { value: parsed.value } : { problem: { key: parsed.reason === "empty" ? "errors:enterAddress" : "errors:incorrectFormat" } };
  });
  const submit = () => {
    const address = field.attempt();
    if (address) navigate(href("/pages/memberInfo/memberInfo", { address }));
  };
  return (
    <Page title="titles.query">
      <Stack testId="page-query" stype={query.stype}>
        <MyAccount />
        <Card title={t("query.lookup")}>
          <Field
            label={t("query.address")}
            value={field.text}
            onChange={field.setText}
            placeholder="0x…"
            error={field.error}
          />
          {account && (
            <ActionButton variant="secondary" onClick={() => field.setText(account)}>
              {t("query.mine")}
            </ActionButton>
          )}
          <ActionButton onClick={submit}>
            {t("query.submit")}
          </ActionButton>
          <Note>{t("query.hint")}</Note>
        </Card>
      </Stack>
    </Page>
  );
}
