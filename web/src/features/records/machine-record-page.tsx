import { useTranslation } from "react-i18next";

import { MergeRecordList } from "@/components/merge-records";
import { Page } from "@/components/page";
import { Pager, usePager } from "@/components/pager";
import { RequireWallet } from "@/components/require-wallet";
import { Card, Loading, Stack, Stat } from "@/components/ui";
import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";
import type { PageProps } from "@/lib/routing/page-props";

const PAGE_SIZE = 20;

function Records({ account }: { account: string }) {
  const { t } = useTranslation("pages");
  const { data: countData } = useChainQuery(`records:${account}:count`, () => [
    read(contracts.main, "recordCount", account),
    read(contracts.revenue, "outCount", account),
  ]);
  const [count, out] = countData ?? [];
  const pager = usePager(Number(count ?? 0n), PAGE_SIZE);
  const { data } = useChainQuery(count === undefined ? null : `records:${account}:${pager.offset}:${count}`, () => [
    read(contracts.main, "recordsOf", account, BigInt(pager.offset), BigInt(PAGE_SIZE)),
  ]);
  return (
    <Card testId="all-records">
      <Stat label={t("records.count")} value={<span data-testid="record-count">{count === undefined ? <Loading /> : count.toString()}</span>} />
      <Stat label={t("records.outCount")} value={<span data-testid="out-count">{out === undefined ? <Loading /> : out.toString()}</span>} />
      {data ? <MergeRecordList records={data[0]} /> : <Loading />}
      <Pager pager={pager} />
    </Card>
  );
}

export default function MachineRecordPage({ query }: PageProps) {
  return (
    <Page title="titles.machineRecord">
      <Stack testId="page-machineRecord" stype={query.stype}>
        <RequireWallet>{(account) => <Records account={account} />}</RequireWallet>
      </Stack>
    </Page>
  );
}
