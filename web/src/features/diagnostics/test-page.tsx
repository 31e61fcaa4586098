import { useTranslation } from "react-i18next";

import { ADDRESS_NAMES } from "@product";

import { Card, Note, Stat } from "@/components/ui";
import { loadMessages } from "@/i18n";
import { Stack } from "@/components/stack";
import { addresses } from "@/config/addresses";
import { env } from "@/config/env";
import { shortAddress } from "@/lib/format/format";
import type { PageProps } from "@/lib/routing/page-props";
import { Page } from "@/widgets/page";
import { lazyPart } from "@/widgets/lazy-part";

import { useNodeProbe } from "./api/use-node-probe";
import { EndpointsCard } from "./endpoints-card";
import { WalletsCard } from "./wallets-card";

/**
 * The contracts console (./console), in local and fork builds only: the condition is the build's
 * constant, written out, so that a mainnet build drops the console's code with it (proved by
 * test/e2e/mainnet-bundle.test.ts). Loaded when opened.
 */
const ContractsConsole =
  import.meta.env.VITE_NETWORK === "local"
    ? lazyPart(() => Promise.all([import("./console/contracts-console"), loadMessages(["console"])]).then(([module]) => module.default))
    : undefined;

/** What a developer or support needs to see at a glance: the node and the endpoints reads go
 *  through, the wallets, the contracts; in local builds, `?console` opens the contracts console. */
export default function TestPage({ query }: PageProps) {
  if (ContractsConsole && query.console !== undefined) {
    return (
      <Page title="titles.test">
        <ContractsConsole />
      </Page>
    );
  }
  return <Diagnostics query={query} />;
}

function Diagnostics({ query }: PageProps) {
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
        <Card title={t("test.contracts")} action={ContractsConsole && <a href="#/pages/test/test?console">{t("test.console")}</a>}>
          {ContractsConsole && <Note>{t("test.consoleHint")}</Note>}
          {ADDRESS_NAMES.map((name) => (
            <Stat key={name} label={name} value={<span className="mono" title={addresses[name]}>{shortAddress(addresses[name])}</span>} />
          ))}
        </Card>
      </Stack>
    </Page>
  );
}
