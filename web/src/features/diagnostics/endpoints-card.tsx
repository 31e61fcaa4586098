import { useTranslation } from "react-i18next";

import { Badge, Card } from "@/components/ui";
import { useRpcEndpoints } from "@/lib/contracts/use-rpc-endpoints";

import styles from "./diagnostics.module.css";

/** Every JSON-RPC endpoint of the build, in the order reads try them: which one serves now, its
 *  last latency, its failures and, after a failure, until when it is (or was) skipped: the pool
 *  drops that time once the endpoint answers again; one on another chain is marked out of use, until it is asked again. */
export function EndpointsCard() {
  const { t } = useTranslation("pages");
  const endpoints = useRpcEndpoints();
  return (
    <Card title={t("test.endpoints")}>
      <ul className="plain-list">
        {endpoints.map((endpoint) => (
          <li key={endpoint.url} className={styles.endpoint}>
            <span className={styles.item}>
              <span className="mono">{endpoint.url}</span>
              {endpoint.inUse && <Badge>{t("test.inUse")}</Badge>}
            </span>
            <span className={styles.dim}>
              {endpoint.lastLatencyMs === undefined ? "—" : t("test.ms", { ms: endpoint.lastLatencyMs })}
              {" · "}
              {t("test.failures", { count: endpoint.failures })}
              {endpoint.wrongChain !== undefined && endpoint.skippedUntil !== undefined && (
                <>
                  {" · "}
                  {t("test.wrongChain", { chain: endpoint.wrongChain, time: new Date(endpoint.skippedUntil).toLocaleTimeString() })}
                </>
              )}
              {endpoint.skippedUntil !== undefined && endpoint.wrongChain === undefined && (
                <>
                  {" · "}
                  {t("test.skippedUntil", { time: new Date(endpoint.skippedUntil).toLocaleTimeString() })}
                </>
              )}
            </span>
            {endpoint.lastProblem && <span className={`mono ${styles.dim}`}>{t("test.lastProblem", { problem: endpoint.lastProblem })}</span>}
          </li>
        ))}
      </ul>
    </Card>
  );
}
