import { useTranslation } from "react-i18next";

import { Link } from "@/components/link";
import { LocalTime } from "@/components/local-time";
import { Figure } from "@/components/tokens";
import { Card, Loading, Note, Stat } from "@/components/ui";
import { Stack } from "@/components/stack";
import { formatAmount } from "@/lib/format/format";
import { parseAddress } from "@/lib/format/parse";
import { useEarnings } from "@/lib/product-api/use-earnings";
import { useMemberInfo } from "@/lib/product-api/use-member-info";
import { href } from "@/lib/routing/href";
import type { PageProps } from "@/lib/routing/page-props";
import { AddressLink } from "@/widgets/address-link";
import { Superior } from "@/widgets/membership";
import { Page } from "@/widgets/page";

function Member({ address }: { address: string }) {
  const { t } = useTranslation("pages");
  const { info } = useMemberInfo(address);
  const { earnings } = useEarnings(address);
  if (!info || !earnings) return <Loading />;
  const yes = (value: boolean) => (value ? t("member.yes") : t("member.no"));
  return (
    <Card>
      <Stat label={t("query.address")} value={<span className="mono">{address}</span>} />
      <Stat label={t("member.registered")} value={yes(info.registered)} emphasis />
      {info.registered && (
        <>
          <Stat label={t("links.superior")} value={<Superior inviter={info.inviter} />} />
          <Stat label={t("links.settler")} value={<AddressLink address={info.settler} full />} />
          <Stat
            label={t("member.registeredAt")}
            value={<LocalTime date={new Date(Number(info.registeredAt) * 1000)} dateStyle="medium" />}
          />
          <Stat label={t("member.power")} value={<Figure value={info.performance} unit="hashrate" />} />
          <Stat label={t("team.teamPerformance")} value={<Figure value={info.teamPerformance} unit="hashrate" />} />
          <Stat label={t("team.directCount")} value={<Figure value={info.directCount} unit="members" />} />
          {/* Another member's page: their community, not "my" one. */}
          <Stat label={t("team.communitySize")} value={<Figure value={info.teamSize} unit="members" />} />
          <Stat label={t("team.vipLevel")} value={`V${info.vipLevel}`} />
          <Stat label={t("team.sLevel")} value={`S${info.sLevel}`} />
          <Stat label={t("profile.machineRevenue")} value={`${formatAmount(earnings.machineTotal, 4)} USD`} />
        </>
      )}
      {!info.registered && <Note>{t("member.notRegisteredHint")}</Note>}
    </Card>
  );
}

export default function MemberInfoPage({ query }: PageProps) {
  const { t } = useTranslation(["pages", "errors"]);
  const parsed = parseAddress(query.address ?? "");
  return (
    <Page title="titles.memberInfo">
      <Stack testId="page-memberInfo" stype={query.stype}>
        {parsed.ok ? (
          <Member address={parsed.value} />
        ) : (
          <Card>
            <Note tone="danger">{t(query.address ? "errors:incorrectFormat" : "errors:enterAddress")}</Note>
            <Link to={href("/pages/index/query")}>{t("titles.query")}</Link>
          </Card>
        )}
      </Stack>
    </Page>
  );
}
