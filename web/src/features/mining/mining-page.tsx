import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";

import type { PageProps } from "@/app/routes";
import { formatAmount } from "@/components/format";
import { AuthorizeButton, UnlimitedToggle, useApproval } from "@/components/approval";
import { ActionButton, ButtonRow, Field, TransactionNote, useFieldCheck } from "@/components/form";
import { NotRegisteredNote } from "@/components/membership";
import { MergeRecordList } from "@/components/merge-records";
import { Page } from "@/components/page";
import { RequireWallet } from "@/components/require-wallet";
import { TokenAmount } from "@/components/tokens";
import { Card, Loading, Stack, Stat } from "@/components/ui";
import { addresses } from "@/config/addresses";
import { SYNTHESIS_TOKENS, type SynthesisToken } from "@/config/contract-names";
import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { notEnough } from "@/lib/contracts/errors";
import { useChainQuery } from "@/lib/contracts/use-chain-query";
import { useTransaction } from "@/lib/contracts/use-transaction";
import { refuse } from "@/lib/toast/toast-store";

import { MINING_PATHS, checkHashrate, synthesisCost, tokenOfPath } from "./synthesis";
import styles from "./mining-page.module.css";

const TITLES = {
  X: "titles.miningX",
  USDT: "titles.miningUsdt",
  ACB: "titles.miningAcb",
  USDX: "titles.miningUsdx",
  FTB: "titles.miningFtb",
  USDC: "titles.miningUsdc",
  ZYB: "titles.miningZyb",
} as const satisfies Record<SynthesisToken, string>;

function TokenChooser({ current, prominent }: { current: SynthesisToken; prominent: boolean }) {
  const { t } = useTranslation("pages");
  return (
    <nav aria-label={t("mining.chooseToken")} className={prominent ? styles.chooserLarge : styles.chooser} data-testid="token-chooser">
      {prominent && <p className={styles.chooserTitle}>{t("mining.chooseToken")}</p>}
      <div className={styles.tokens}>
        {SYNTHESIS_TOKENS.map((token) => (
          <Link key={token} to={MINING_PATHS[token]} className={token === current && !prominent ? styles.current : styles.token} aria-current={token === current && !prominent ? "page" : undefined}>
            {token}
          </Link>
        ))}
      </div>
    </nav>
  );
}

const NO_RULE = { problem: { key: "errors:network" } } as const;

function SynthesisForm({ token, account }: { token: SynthesisToken; account: string }) {
  const { t } = useTranslation(["pages", "common", "errors"]);
  const approval = useApproval(token, "Main");
  const synthesis = useTransaction();

  const { data: ruleData } = useChainQuery(`mining:rule:${token}`, () => [read(contracts.main, "tokenRule", addresses[token])]);
  const { data: mine } = useChainQuery(`mining:${token}:${account}`, () => [
    read(contracts.tokens[token], "balanceOf", account),
    read(contracts.tokens[token], "allowance", account, addresses.Main),
    read(contracts.community, "isRegistered", account),
    read(contracts.main, "recordsOf", account, 0n, 5n),
  ]);
  const rule = ruleData?.[0];
  const [balance, allowance, registered, records] = mine ?? [];
  const field = useFieldCheck((text) => (rule ? checkHashrate(text, rule) : NO_RULE));
  const cost = field.value !== undefined && rule ? synthesisCost(field.value, rule.price) : undefined;

  const authorize = () => {
    const hashrate = field.attempt();
    if (hashrate !== undefined && rule) void approval.authorize(synthesisCost(hashrate, rule.price));
  };

  const confirm = async () => {
    const hashrate = field.attempt();
    if (hashrate === undefined || !rule) return;
    const price = synthesisCost(hashrate, rule.price);
    if (registered === false && refuse({ key: "errors:notRegistered" })) return;
    if (balance !== undefined && balance < price && refuse(notEnough(token))) return;
    if (allowance !== undefined && allowance < price && refuse({ key: "errors:authorizeFirst" })) return;
    const done = await synthesis.run((c) => c.main.synthesize(addresses[token], hashrate), {
      success: "common:messages.purchaseSuccessful",
      failure: "errors:purchaseFailed",
      token,
    });
    if (done) field.clear();
  };

  const multiple = rule ? Number(rule.multiple) : undefined;
  return (
    <>
      <Card testId="synthesis-form">
        <Stat label={t("mining.balance")} value={<TokenAmount value={balance} symbol={token} testId="token-balance" />} />
        <Stat label={t("mining.authorized")} value={<TokenAmount value={allowance} symbol={token} testId="token-allowance" />} />
        <Stat label={t("mining.lowest")} value={<span data-testid="lowest">{rule ? rule.minimum.toLocaleString("en-US") : <Loading />}</span>} />
        <Field
          label={t("mining.hashrate")}
          value={field.text}
          onChange={(value) => /^\d*$/.test(value.trim()) && field.setText(value.trim())}
          inputMode="numeric"
          placeholder={multiple ? t("mining.multipleHint", { multiple }) : ""}
          error={field.error}
          testId="hashrate-input"
        />
        <Stat label={t("mining.cost")} value={<span data-testid="cost">{cost === undefined ? "—" : `${formatAmount(cost, 6)} ${token}`}</span>} emphasis />
        {registered === false && <NotRegisteredNote />}
        <UnlimitedToggle approval={approval} />
        <ButtonRow>
          <AuthorizeButton approval={approval} onClick={authorize} disabled={!rule || !mine} />
          <ActionButton transaction={synthesis} onClick={() => void confirm()} disabled={!rule || !mine} testId="confirm-synthesis">
            {t("mining.confirm")}
          </ActionButton>
        </ButtonRow>
        <TransactionNote transaction={synthesis.phase !== "idle" ? synthesis : approval.transaction} />
      </Card>
      <Card title={t("mining.records")} action={<Link to="/pages/machineRecord/machineRecord">{t("mining.viewAll")}</Link>}>
        {records ? <MergeRecordList records={records} /> : <Loading />}
      </Card>
    </>
  );
}

export default function MiningPage({ query }: PageProps) {
  const { pathname } = useLocation();
  const token = tokenOfPath(pathname);
  const choosing = query.stype === "choose";
  return (
    <Page title={choosing ? "titles.mining" : TITLES[token]}>
      <Stack testId="page-mining" stype={query.stype}>
        <TokenChooser current={token} prominent={choosing} />
        {!choosing && <RequireWallet>{(account) => <SynthesisForm key={token} token={token} account={account} />}</RequireWallet>}
      </Stack>
    </Page>
  );
}
