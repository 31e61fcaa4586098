import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router-dom";

import { env } from "@/config/env";
import { LOCALES, type Locale } from "@/i18n/locale";
import { useAppStore } from "@/store";

import { SIDEBAR } from "../routes";
import styles from "./sidebar.module.css";

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <label className={styles.language}>
      <span>{t("language.label")}</span>
      <select
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => void i18n.changeLanguage(event.target.value as Locale)}
        aria-label={t("language.label")}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {t(`language.${locale}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The drawer with every entry of the spec's sidebar, the language and the app version. */
export function Sidebar() {
  const { t } = useTranslation(["pages", "common"]);
  const open = useAppStore((state) => state.sidebarOpen);
  const setOpen = useAppStore((state) => state.setSidebarOpen);
  const location = useLocation();

  // Any navigation closes the drawer.
  useEffect(() => setOpen(false), [location, setOpen]);

  return (
    <>
      <div className={`${styles.backdrop} ${open ? styles.shown : ""}`} onClick={() => setOpen(false)} aria-hidden="true" />
      <nav className={`${styles.drawer} ${open ? styles.open : ""}`} aria-label={t("common:nav.menu")} aria-hidden={!open} inert={!open}>
        <div className={styles.header}>
          <strong>{t("common:app.name")}</strong>
          <button type="button" className={styles.close} onClick={() => setOpen(false)} aria-label={t("common:nav.close")}>
            ×
          </button>
        </div>
        <ul className={styles.entries}>
          {SIDEBAR.map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to} className={({ isActive }) => (isActive ? styles.active : undefined)} end>
                {t(entry.label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className={styles.footer}>
          <LanguageSwitcher />
          <span className={styles.version}>{t("common:app.version", { version: env.version })}</span>
        </div>
      </nav>
    </>
  );
}
