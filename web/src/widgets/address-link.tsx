/**
 * An address on screen (a seller, an upline, a winner, a member): a link to that member's page in
 * the app, and in a mainnet build to the explorer too (docs/product/screens.md §4). One component,
 * so every address looks and behaves the same.
 */
import { useTranslation } from "react-i18next";

import { Link } from "@/components/link";
import { addressUrl } from "@/config/chain";
import { shortAddress } from "@/lib/format/format";
import { href } from "@/lib/routing/href";

/** `address`, shortened ('0x3C44…93BC', the whole of it in the tooltip) unless `full`, opening its member page. */
export function AddressLink({ address, full = false }: { address: string; full?: boolean }) {
  const { t } = useTranslation("common");
  const explorer = addressUrl(address);
  const link = (
    <Link className={full ? "mono" : "mono address"} to={href("/pages/memberInfo/memberInfo", { address })} title={address}>
      {full ? address : shortAddress(address)}
    </Link>
  );
  if (!explorer) return link;
  return (
    <>
      {link}{" "}
      <a href={explorer} target="_blank" rel="noreferrer" title={t("tx.viewOnExplorer")} aria-label={`${t("tx.viewOnExplorer")}: ${address}`}>
        ↗
      </a>
    </>
  );
}
