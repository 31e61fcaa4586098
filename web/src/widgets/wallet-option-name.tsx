import { useTranslation } from "react-i18next";

import type { WalletOption } from "@/lib/wallet/wallet";

/** A way to connect as the user sees it: an announced wallet's own icon (an image only, never
 *  HTML) and name; else "Browser wallet" or "Dev wallet". */
export function WalletOptionName({ option, iconClassName }: { option: WalletOption; iconClassName?: string }) {
  const { t } = useTranslation("common");
  return (
    <>
      {option.icon && <img src={option.icon} alt="" width={20} height={20} className={iconClassName} />}
      {option.name ?? (option.choice === "dev" ? t("wallet.devWallet") : t("wallet.browserWallet"))}
    </>
  );
}
