import { useTranslation } from "react-i18next";

import { Link } from "@/components/link";
import { Card, Loading, Note } from "@/components/ui";
import { href } from "@/lib/routing/href";
import { useWallet } from "@/lib/wallet/wallet";
import { useAppStore } from "@/store";
import { LazyBoundary, lazyPart } from "@/widgets/lazy-part";

import styles from "./login-panel.module.css";

// Only a signed-in user sees it: the account API's client stays out of the home page's first download.
const MemberCard = lazyPart(() => import("@/widgets/member-card").then((module) => module.MemberCard));

/** 'Please Login' with the ways in while the user has no session with the account API; the
 *  member's account once there is one. With a wallet connected, it says why it asks: a connected
 *  wallet shown 'Please Login' looks like a connection that failed. */
export function LoginPanel() {
  const { t } = useTranslation("pages");
  const token = useAppStore((state) => state.user.token);
  const { account } = useWallet();
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
      {account && <Note>{t("home.whyLogin")}</Note>}
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
