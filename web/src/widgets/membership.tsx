/** How the screens speak of a member's place in the referral tree. */
import { ZeroAddress } from "ethers/constants";
import { useTranslation } from "react-i18next";

import { Link } from "@/components/link";
import { href } from "@/lib/routing/href";

import { Note } from "@/components/ui";

import { AddressLink } from "./address-link";

/** Names a superior: its address, a link to its member page, or 'None (the first member)' for the genesis member's. */
export function Superior({ inviter }: { inviter: string }) {
  const { t } = useTranslation("pages");
  return inviter === ZeroAddress ? t("links.genesis") : <AddressLink address={inviter} full />;
}

/** 'This wallet is not registered yet' with the way to register. */
export function NotRegisteredNote() {
  const { t } = useTranslation(["errors", "pages"]);
  return (
    <Note tone="danger">
      {t("errors:notRegistered")} <Link to={href("/pages/register/register")}>{t("pages:home.register")}</Link>
    </Note>
  );
}
