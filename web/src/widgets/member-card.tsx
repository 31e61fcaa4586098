/** The signed-in member's account, as the API knows it, with the way to log out. */
import { useTranslation } from "react-i18next";

import { useMember, signOut } from "@/lib/account-api/use-member";

import { ActionButton } from "@/components/action-button";
import { MessageNote } from "@/components/message-note";
import { Card, Loading, Stat } from "@/components/ui";
import { formatTime } from "@/lib/format/format";

import { AddressLink } from "./address-link";

export function MemberCard({ full = false }: { full?: boolean }) {
  const { t, i18n } = useTranslation("pages");
  const { member, loading, error } = useMember();
  if (!loading && !member && !error) return null;
  return (
    <Card title={t("account.title")}>
      {loading && <Loading />}
      <MessageNote message={error} />
      {member && (
        <>
          <Stat label={t("forms.account")} value={member.account} emphasis />
          {full && (
            <>
              <Stat label={t("account.wallet")} value={<span className="mono">{member.wallet}</span>} />
              <Stat
                label={t("forms.referrer")}
                value={member.referrer ? <AddressLink address={member.referrer} full /> : t("home.none")}
              />
              {/* Not LocalTime (UTC on hover): this card is in the home route's first download when
                  signed in, at its budget; the member page shows the registration with it. */}
              <Stat label={t("member.registeredAt")} value={formatTime(new Date(member.registeredAt), i18n.language)} />
            </>
          )}
        </>
      )}
      <ActionButton variant="secondary" onClick={() => void signOut()}>
        {t("home.logout")}
      </ActionButton>
    </Card>
  );
}
