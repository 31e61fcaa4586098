import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

import type { PageProps } from "@/app/routes";
import { Page } from "@/components/page";
import { Card, Stack } from "@/components/ui";

export default function BindOrRegisterPage({ query }: PageProps) {
  const { t } = useTranslation("pages");
  return (
    <Page title="titles.bindOrRegister">
      <Stack testId="page-bindOrRegister" stype={query.stype}>
        <Card>
          <Link className="button" to="/pages/bind/bind">
            {t("home.bind")}
          </Link>
          <Link className="button" to="/pages/register/register">
            {t("home.register")}
          </Link>
        </Card>
      </Stack>
    </Page>
  );
}
