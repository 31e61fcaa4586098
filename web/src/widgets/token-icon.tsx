import type { TokenSymbol } from "@product";

import styles from "./token-icon.module.css";

/** A token's mark: its initial on the token's own colour (no image to fetch, nothing to shift). */
export function TokenIcon({ token }: { token: TokenSymbol }) {
  return (
    <span className={`${styles.icon} ${styles[token]}`} aria-hidden="true">
      {token[0]}
    </span>
  );
}
