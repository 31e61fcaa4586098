import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { useWallet } from "@/lib/wallet/wallet";

import { Card, Note } from "./ui";

/** Renders `children` with the connected account, or says a wallet is needed. */
export function RequireWallet({ children }: { children: (account: string) => ReactNode }) {
  const { t } = useTranslation("common");
  const { account } = useWallet();
  if (!account) {
    return (
      <Card testId="connect-wallet-card">
        <Note>{t("wallet.connectToSee")}</Note>
      </Card>
    );
  }
  return <>{children(account)}</>;
}
