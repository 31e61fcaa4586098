import { useTranslation } from "react-i18next";

import { PRODUCT_TOKENS, type TokenSymbol } from "@product";

import { addresses } from "@/config/addresses";
import { env } from "@/config/env";
import { log } from "@/lib/log";
import { toast } from "@/lib/toast/toast-store";
import { walletProblem } from "@/lib/wallet/eip1193";
import { useWallet } from "@/lib/wallet/wallet";

import styles from "./add-token-button.module.css";

/** Tokens a wallet does not know: the product's own; on the testnet every token, USDT and USDC
 *  being mocks of ours there (docs/operations.md §9). */
const isProductToken = (token: TokenSymbol) => env.network === "testnet" || (PRODUCT_TOKENS as readonly TokenSymbol[]).includes(token);

/**
 * "Add X to wallet" for the product's own tokens (EIP-747 `wallet_watchAsset`), so that the wallet
 * lists the balance the page shows. Nothing for BNB Chain's USDT and USDC, which wallets know, nor
 * without a connected wallet on the build's chain, nor for the dev wallet.
 */
export function AddTokenButton({ token }: { token: TokenSymbol }) {
  const { t } = useTranslation("activity");
  const { provider, isWrongChain, kind } = useWallet();
  // The dev wallet lists no tokens: nothing to add them to.
  if (!provider || isWrongChain || kind === "dev" || !isProductToken(token)) return null;
  const add = async () => {
    try {
      const added = await provider.request({
        method: "wallet_watchAsset",
        params: { type: "ERC20", options: { address: addresses[token], symbol: token, decimals: 18 } },
      });
      if (added === false) toast.info("activity:wallet.tokenNotAdded", { token });
      else toast.success("activity:wallet.tokenAdded", { token });
    } catch (error) {
      const problem = walletProblem(error);
      if (problem === "rejected") toast.error("common:wallet.rejected");
      else if (problem === "requestPending") toast.error("common:wallet.requestPending");
      else {
        log.warn(`the wallet did not add ${token}`, error);
        toast.error("activity:wallet.tokenNotAdded", { token });
      }
    }
  };
  return (
    <button type="button" className={styles.add} onClick={() => void add()}>
      {t("wallet.addToken", { token })}
    </button>
  );
}
