import { useTranslation } from "react-i18next";

import { ADDRESS_NAMES } from "@product";

import { Card, Stat } from "@/components/ui";
import { Stack } from "@/components/stack";
import { addresses } from "@/config/addresses";
import { env } from "@/config/env";
import { shortAddress } from "@/lib/format/format";
import type { PageProps } from "@/lib/routing/page-props";
import { Page } from "@/widgets/page";

import { useNodeProbe } from "./api/use-node-probe";
import { EndpointsCard } from "./endpoints-card";
import { WalletsCard } from "./wallets-card";

/** What a developer or support needs to see at a glance: the node and the endpoints reads go
 *  through, the wallets, the contracts. */
export default function TestPage({ query }: PageProps) {
  const { t } = useTranslation(["pages", "common", "errors"]);
  const { probe, measure } = useNodeProbe();

  const dash = "—";
  return (
    <Page title="titles.test">
      <Stack testId="page-test" stype={query.stype}>
        <Card title={t("test.node")}>
          <Stat label={t("test.network")} value={env.network} />
          <Stat label={t("test.endpointInUse")} value={<span className="mono">{probe.endpoint ?? dash}</span>} />
          <Stat label={t("test.chainId")} value={probe.failed ? t("errors:network") : (probe.chainId ?? dash)} />
          <Stat label={t("test.block")} value={probe.block?.toString() ?? dash} />
          <Stat label={t("test.latency")} value={probe.latencyMs === undefined ? dash : t("test.ms", { ms: probe.latencyMs })} />
          <button type="button" className="button" onClick={measure}>
            {t("test.measure")}
          </button>
        </Card>
        <EndpointsCard />
        <WalletsCard />
        <Card title={t("test.contracts")}>
          {ADDRESS_NAMES.map((name) => (
            <Stat key={name} label={name} value={<span className="mono" title={addresses[name]}>{shortAddress(addresses[name])}</span>} />
          ))}
        </Card>
      </Stack>
    </Page>
  );
}
