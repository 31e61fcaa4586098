import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { useWallet } from "@/lib/wallet/wallet";

import { ConnectButton } from "./wallet-button";
import { Card, Note } from "@/components/ui";

/** Renders `children` with the connected account, or a card that says a wallet is needed and connects one. */
export function RequireWallet({ children }: { children: (account: string) => ReactNode }) {
  const { t } = useTranslation("common");
  const { account } = useWallet();
  if (!account) {
    return (
      <Card>
        <Note>{t("wallet.connectToSee")}</Note>
        <ConnectButton inPage />
      </Card>
    );
  }
  return <>{children(account)}</>;
}
