import { useTranslation } from "react-i18next";

import type { WalletChoice, WalletOption } from "@/lib/wallet/wallet";

import { WalletAppLinks } from "./wallet-app-links";
import { WalletOptionName } from "./wallet-option-name";
import styles from "./wallet-button.module.css";

/**
 * The Connect menu's items: each way to connect with its name and icon, and on a phone with no
 * wallet the wallet apps to open the page in. Loaded when the menu first opens (wallet-button.tsx):
 * most visits never open it, and a connected one never sees it.
 */
export function ConnectMenu({ options, offerApps, onPick }: { options: readonly WalletOption[]; offerApps: boolean; onPick: (choice: WalletChoice) => void }) {
  const { t } = useTranslation("common");
  return (
    <>
      {options.map((option) => (
        <button
          key={option.choice}
          type="button"
          role="menuitem"
          onClick={() => onPick(option.choice)}
          title={option.choice === "dev" ? t("wallet.devWalletHint") : undefined}
        >
          <WalletOptionName option={option} iconClassName={styles.icon} />
        </button>
      ))}
      {offerApps && <WalletAppLinks className={styles.menuLink} asMenuItems />}
    </>
  );
}
