import { useState } from "react";
import { useTranslation } from "react-i18next";

import styles from "./pager.module.css";

/** Page through `total` items, `size` at a time; back to the first page when `resetKey` changes. */
export function usePager(total: number, size: number, resetKey = "") {
  const [state, setState] = useState({ page: 0, key: resetKey });
  const page = state.key === resetKey ? state.page : 0;
  const pages = Math.max(1, Math.ceil(total / size));
  const go = (next: number) => setState({ page: Math.min(Math.max(next, 0), pages - 1), key: resetKey });
  return { page, pages, offset: page * size, size, go };
}

export type PagerState = ReturnType<typeof usePager>;

export function Pager({ pager }: { pager: PagerState }) {
  const { t } = useTranslation("common");
  if (pager.pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t("pager.label")}>
      <button type="button" onClick={() => pager.go(pager.page - 1)} disabled={pager.page === 0}>
        {t("pager.previous")}
      </button>
      <span>{t("pager.page", { page: pager.page + 1, pages: pager.pages })}</span>
      <button type="button" onClick={() => pager.go(pager.page + 1)} disabled={pager.page >= pager.pages - 1}>
        {t("pager.next")}
      </button>
    </nav>
  );
}
