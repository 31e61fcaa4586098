import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { Link } from "@/components/link";
import { Card, Loading } from "@/components/ui";
import { Stack } from "@/components/stack";
import { useMemberInfo } from "@/lib/product-api/use-member-info";
import { href } from "@/lib/routing/href";
import type { PageProps } from "@/lib/routing/page-props";
import { CopyButton } from "@/widgets/copy-button";
import { AddressLink } from "@/widgets/address-link";
import { NotRegisteredNote, Superior } from "@/widgets/membership";
import { Page } from "@/widgets/page";
import { RequireWallet } from "@/widgets/require-wallet";

import styles from "./my-link-page.module.css";

/** The referral link of `account`: this app's address with `ref`, which the register page reads. */
export function referralLink(account: string, origin: string = window.location.origin, path: string = window.location.pathname): string {
  return `${origin}${path}#/?ref=${account}`;
}

/** A labelled value, as a Stat is (its definition labelled by its term), with an action beside the value. */
function Row({ label, value, action }: { label: string; value: ReactNode; action?: ReactNode }) {
  const labelId = useId();
  return (
    <dl className={styles.row}>
      <dt id={labelId} className={styles.label}>
        {label}
      </dt>
      <dd aria-labelledby={labelId} className={styles.value}>
        <span className="mono">
          {value}
        </span>
        {action}
      </dd>
    </dl>
  );
}

function Links({ account }: { account: string }) {
  const { t } = useTranslation("pages");
  const { info } = useMemberInfo(account);
  const link = referralLink(account);
  return (
    <Card>
      <Row label={t("links.ownAddress")} value={account} />
      <Row
        label={t("links.superior")}
        value={info === undefined ? <Loading /> : !info.registered ? t("links.notRegistered") : <Superior inviter={info.inviter} />}
      />
      {info?.registered ? (
        <Row label={t("links.referralLink")} value={link} action={<CopyButton text={link} />} />
      ) : (
        // A link from a wallet that is not a member would be refused to everyone who follows it.
        <Row label={t("links.referralLink")} value={info === undefined ? <Loading /> : t("links.registerForLink")} />
      )}
      <Row
        label={t("links.settler")}
        value={info === undefined ? <Loading /> : info.registered ? <AddressLink address={info.settler} full /> : "—"}
        action={
          info?.registered && (
            <Link className="button" to={href("/pages/index/changeSettler")}>
              {t("links.change")}
            </Link>
          )
        }
      />
      {info && !info.registered && <NotRegisteredNote />}
    </Card>
  );
}

export default function MyLinkPage({ query }: PageProps) {
  return (
    <Page title="titles.myLink">
      <Stack testId="page-myLink" stype={query.stype}>
        <RequireWallet>{(account) => <Links account={account} />}</RequireWallet>
      </Stack>
    </Page>
  );
}
