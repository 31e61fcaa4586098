import { useTranslation } from "react-i18next";

import { Pager, usePager } from "@/components/pager";
import { Card, Loading, Stat } from "@/components/ui";
import { Stack } from "@/components/stack";
import type { PageProps } from "@/lib/routing/page-props";
import { MergeRecordList } from "@/widgets/merge-records";
import { OutBacklog } from "@/widgets/out-backlog";
import { Page } from "@/widgets/page";
import { RequireWallet } from "@/widgets/require-wallet";

import { useMergeRecords } from "./api/use-merge-records";
import { useRecordCounts } from "./api/use-record-counts";

const PAGE_SIZE = 20;

function Records({ account }: { account: string }) {
  const { t } = useTranslation("pages");
  const { recordCount, finishedCount, outCount } = useRecordCounts(account);
  const pager = usePager(Number(recordCount ?? 0n), PAGE_SIZE);
  const { records } = useMergeRecords(account, recordCount, pager.offset, PAGE_SIZE);
  // 'Out' is every record that has reached its cap, processed or not. Those past what the
  // revenue figures count (one call's worth past those processed) wait to be processed: said
  // here with the button, as the earnings and synthesis pages offer it.
  const waiting = finishedCount !== undefined && outCount !== undefined && finishedCount > outCount ? finishedCount - outCount : undefined;
  return (
    <Card>
      <Stat label={t("records.count")} value={recordCount === undefined ? <Loading /> : recordCount.toString()} />
      <Stat label={t("records.outCount")} value={finishedCount === undefined ? <Loading /> : finishedCount.toString()} />
      {waiting !== undefined && <OutBacklog account={account} waiting={waiting} />}
      {records ? <MergeRecordList records={records} /> : <Loading />}
      <Pager pager={pager} />
    </Card>
  );
}

export default function MachineRecordPage({ query }: PageProps) {
  return (
    <Page title="titles.machineRecord">
      <Stack testId="page-machineRecord" stype={query.stype} layout="wide">
        <RequireWallet>{(account) => <Records account={account} />}</RequireWallet>
      </Stack>
    </Page>
  );
}
