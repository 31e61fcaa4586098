/** Where 'Please Login' leads: log in with the wallet's signature, or bind an account, or register. */
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
import { MemberCard } from "@/widgets/member-card";
import { Page } from "@/widgets/page";
import { RequireWallet } from "@/widgets/require-wallet";

import { useLogInAction } from "./api/use-log-in-action";
import styles from "./bind-or-register-page.module.css";

function LoginCard({ account }: { account: string }) {
  const { t } = useTranslation("pages");
  const navigate = useNavigate();
  const setUser = useAppStore((state) => state.setUser);
  const token = useAppStore((state) => state.user.token);
  const request = useLogInAction();

  if (token) return <MemberCard />;

  const submit = async () => {
    const session = await request.run();
    if (!session) return;
    setUser(account, session.token);
    navigate(href(HOME_PATH));
  };

  return (
    <Card title={t("home.pleaseLogin")}>
      <Note>{t("account.loginIntro")}</Note>
      <ActionButton transaction={request} busyLabel={t("account.sending")} onClick={() => void submit()}>
        {t("home.login")}
      </ActionButton>
      <FailureNote state={request} />
    </Card>
  );
}

export default function BindOrRegisterPage({ query }: PageProps) {
  const { t } = useTranslation("pages");
  return (
    <Page title="titles.bindOrRegister">
      <Stack testId="page-bindOrRegister" stype={query.stype}>
        <RequireWallet>{(account) => <LoginCard key={account} account={account} />}</RequireWallet>
        <Card>
          <div className={styles.choices}>
            <Link className="button" to={href("/pages/bind/bind")}>
              {t("home.bind")}
            </Link>
            <Link className="button" to={href("/pages/register/register")}>
              {t("home.register")}
            </Link>
          </div>
        </Card>
      </Stack>
    </Page>
  );
}
