/** Binds the connected wallet to an existing account, proven by its password and the wallet's signature. */
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";

import { Link } from "@/components/link";
import { ActionButton } from "@/components/action-button";
import { FailureNote } from "@/components/form";
import { Card, Note } from "@/components/ui";
import { Stack } from "@/components/stack";
import { href } from "@/lib/routing/href";
import type { PageProps } from "@/lib/routing/page-props";
import { HOME_PATH } from "@/lib/routing/paths";
import { useAppStore } from "@/store";
import { Page } from "@/widgets/page";
import { RequireWallet } from "@/widgets/require-wallet";

import { useBindAccountAction } from "./api/use-bind-account-action";
import { CredentialFields, useAccountField, usePasswordField } from "./fields";

function BindForm({ account }: { account: string }) {
  const { t } = useTranslation("pages");
  const navigate = useNavigate();
  const setUser = useAppStore((state) => state.setUser);
  const name = useAccountField();
  const password = usePasswordField(false);
  const request = useBindAccountAction();

  const submit = async () => {
    const accountName = name.attempt();
    const secret = password.attempt();
    if (accountName === undefined || secret === undefined) return;
    const session = await request.run({ account: accountName, password: secret });
    if (!session) return;
    setUser(account, session.token);
    navigate(href(HOME_PATH));
  };

  return (
    <Card>
      <Note>{t("bind.intro")}</Note>
      <CredentialFields account={name} password={password} isNew={false} />
      <ActionButton transaction={request} busyLabel={t("account.sending")} onClick={() => void submit()}>
        {t("bind.submit")}
      </ActionButton>
      <FailureNote state={request} />
      <Note>{t("account.signatureNote")}</Note>
    </Card>
  );
}

export default function BindPage({ query }: PageProps) {
  const { t } = useTranslation("pages");
  return (
    <Page title="titles.bind">
      <Stack testId="page-bind" stype={query.stype}>
        <RequireWallet>{(account) => <BindForm key={account} account={account} />}</RequireWallet>
        <Note>
          <Link to={href("/pages/register/register")}>{t("bind.noAccount")}</Link>
        </Note>
      </Stack>
    </Page>
  );
}
