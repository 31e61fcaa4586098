import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

import { Card, Loading } from "@/components/ui";
import { href } from "@/lib/routing/href";
import { useAppStore } from "@/store";
import { LazyBoundary, lazyPart } from "@/widgets/lazy-part";

import styles from "./login-panel.module.css";

// Only a signed-in user sees it: the account API's client stays out of the home page's first download.
const MemberCard = lazyPart(() => import("@/widgets/member-card").then((module) => module.MemberCard));

/** 'Please Login' with the ways in while the user has no session with the account API; the
 *  member's account once there is one. */
export function LoginPanel() {
  const { t } = useTranslation("pages");
  const token = useAppStore((state) => state.user.token);
  if (token) {
    return (
      <LazyBoundary fallback={<Loading />} frame={(failure) => <Card>{failure}</Card>}>
        <MemberCard />
      </LazyBoundary>
    );
  }
  return (
    <Card>
      <p className={styles.title}>{t("home.pleaseLogin")}</p>
      <div className={styles.actions}>
        <Link className="button" to={href("/pages/bind/bind")}>
          {t("home.bind")}
        </Link>
        <Link className="button" to={href("/pages/register/register")}>
          {t("home.register")}
        </Link>
        <Link className="button" to={href("/pages/bindOrRegister/bindOrRegister")}>
          {t("home.login")}
        </Link>
      </div>
    </Card>
  );
}
