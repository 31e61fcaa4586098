import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";

import { Link } from "@/components/link";
import { env } from "@/config/env";
import { href } from "@/lib/routing/href";
import { LOCALES, type Locale } from "@/i18n/locale";
import { switchLanguage } from "@/i18n/switch-language";
import { useAppStore } from "@/store";
import { TokenIcon } from "@/widgets/token-icon";

import { GROUP_HEADINGS, SIDEBAR, type SidebarEntry, type SidebarGroup } from "./sidebar-entries";
import styles from "./sidebar.module.css";

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  // The language whose messages could not be loaded (offline): said under the switch, in the current one.
  const [failed, setFailed] = useState<Locale | null>(null);
  const choose = (language: Locale) => {
    setFailed(null);
    void switchLanguage(language).then((switched) => setFailed(switched ? null : language));
  };
  return (
    <>
      <label className={styles.language}>
        <span>{t("language.label")}</span>
        <select value={i18n.resolvedLanguage ?? i18n.language} onChange={(event) => choose(event.target.value as Locale)} aria-label={t("language.label")}>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {t(`language.${locale}`)}
            </option>
          ))}
        </select>
      </label>
      {failed && (
        <p className={styles.languageFailed} role="alert">
          {t("language.failed", { language: t(`language.${failed}`) })}
        </p>
      )}
    </>
  );
}

const GROUPS: SidebarGroup[] = ["main", "synthesis", "exchange", "me"];

/** An entry, marked when it is the page shown (`current`: by its path and its `stype`, which
 *  NavLink's matching by path alone would not tell apart). */
function Entry({ entry, current }: { entry: SidebarEntry; current: boolean }) {
  const { t } = useTranslation(["pages", "common"]);
  return (
    <li>
      <Link to={entry.to} className={current ? styles.active : undefined} aria-current={current ? "page" : undefined}>
        {entry.token && <TokenIcon token={entry.token} />}
        {entry.token ?? t(entry.label)}
      </Link>
    </li>
  );
}

/**
 * Every entry of the product's sidebar (docs/product/screens.md §3), grouped, the language, the app
 * version and the diagnostics: a drawer on a phone or a tablet; on a desktop (`docked`) always in
 * view at the left, nothing to open or close.
 */
export function Sidebar({ docked = false }: { docked?: boolean }) {
  const { t } = useTranslation(["pages", "common"]);
  const drawerOpen = useAppStore((state) => state.sidebarOpen);
  const setOpen = useAppStore((state) => state.setSidebarOpen);
  const location = useLocation();
  const close = useRef<HTMLButtonElement>(null);
  const open = docked || drawerOpen;

  // Any navigation closes the drawer (not its first showing, which opens it); the navigation in
  // place closes the drawer a narrower window had open.
  const shownAt = useRef(location);
  useEffect(() => {
    if (docked || location !== shownAt.current) setOpen(false);
  }, [docked, location, setOpen]);

  // Escape closes the drawer; opening it puts the focus inside, so the keyboard starts there.
  useEffect(() => {
    if (docked || !open) return;
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [docked, open, setOpen]);

  // The page on screen: the chooser is its own entry, apart from the X page it is drawn on.
  const here = `${location.pathname}${new URLSearchParams(location.search).get("stype") === "choose" ? "?stype=choose" : ""}`;

  return (
    <>
      {!docked && <div className={`${styles.backdrop} ${open ? styles.shown : ""}`} onClick={() => setOpen(false)} aria-hidden="true" />}
      <nav
        className={docked ? `${styles.drawer} ${styles.docked}` : `${styles.drawer} ${open ? styles.open : ""}`}
        aria-label={t("common:nav.menu")}
        aria-hidden={!open}
        inert={!open}
      >
        <div className={styles.header}>
          <strong>{t("common:app.name")}</strong>
          {!docked && (
            <button type="button" ref={close} className={styles.close} onClick={() => setOpen(false)} aria-label={t("common:nav.close")}>
              ×
            </button>
          )}
        </div>
        <div className={styles.entries}>
          {GROUPS.map((group) => (
            <section key={group} className={styles.group} aria-label={group === "main" ? undefined : t(GROUP_HEADINGS[group])}>
              {group !== "main" && <h2 className={styles.heading}>{t(GROUP_HEADINGS[group])}</h2>}
              <ul className={group === "synthesis" ? styles.tokens : styles.list}>
                {SIDEBAR.filter((entry) => entry.group === group).map((entry) => (
                  <Entry key={entry.to} entry={entry} current={entry.to === here} />
                ))}
              </ul>
            </section>
          ))}
        </div>
        <div className={styles.footer}>
          <LanguageSwitcher />
          <span className={styles.version}>
            {t("common:app.version", { version: env.version })}
            {" · "}
            <Link to={href("/pages/test/test")} aria-current={location.pathname === "/pages/test/test" ? "page" : undefined}>
              {t("titles.test")}
            </Link>
          </span>
        </div>
      </nav>
    </>
  );
}
