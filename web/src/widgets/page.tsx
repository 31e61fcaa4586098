import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";

import { href } from "@/lib/routing/href";
import { pageTitleOf, type PageKey } from "@/lib/routing/page-props";
import { HOME_PATH } from "@/lib/routing/paths";
import { useAppStore } from "@/store";

import { StatusBanners } from "./status-banners";
import { WalletButton } from "./wallet-button";
import styles from "./page.module.css";

/** The title of the page at the current path, for pages that serve several paths. */
export function usePageTitle(): PageKey {
  const { pathname } = useLocation();
  return pageTitleOf(pathname) ?? "titles.home";
}

/** Line icons drawn in the text colour, so they stay crisp and never wrap like text glyphs. */
export function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

function BackIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}

function NavBar({ title, back }: { title: string; back: boolean }) {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const openSidebar = useAppStore((state) => state.setSidebarOpen);
  const goBack = () => {
    // Back through the app's own history, or home when the page was opened directly.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(href(HOME_PATH));
  };
  // On a desktop the menu is always in view (app/layout): no button opens it.
  const menu = (
    <button type="button" className={`${styles.icon} ${styles.menu}`} onClick={() => openSidebar(true)} aria-label={t("nav.menu")}>
      <MenuIcon />
    </button>
  );
  return (
    <header className={styles.nav}>
      <div className={styles.side}>
        {back ? (
          <button type="button" className={styles.icon} onClick={goBack} aria-label={t("nav.back")}>
            <BackIcon />
          </button>
        ) : (
          menu
        )}
      </div>
      <h1 className={styles.title}>{title}</h1>
      <div className={`${styles.side} ${styles.end}`}>
        <WalletButton />
        {back && menu}
      </div>
    </header>
  );
}

/** The frame of every page: its navigation bar (back, title, wallet, menu), then the status banners
 *  and the content. */
export function Page({ title, back = true, children }: { title: PageKey; back?: boolean; children: ReactNode }) {
  const { t } = useTranslation("pages");
  return (
    <div className={styles.page}>
      <NavBar title={t(title)} back={back} />
      {/* The banners are the page's content too: inside its main landmark, first. */}
      <main className={styles.body}>
        <StatusBanners />
        {children}
      </main>
    </div>
  );
}
