/**
 * Registration has two halves: the account with the API (account, password, referrer) and the
 * member on chain (Community.register under the referrer). The page finds out which halves are
 * done and offers only the rest, so a registration cut short completes on retry, never twice.
 */
import { ZeroAddress } from "ethers/constants";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";

import { Link } from "@/components/link";
import { ActionButton } from "@/components/action-button";
import { FailureNote } from "@/components/form";
import { Card, Loading, Note, Stat } from "@/components/ui";
import { Stack } from "@/components/stack";
import type { Member } from "@/lib/account-api/session";
import { useMember } from "@/lib/account-api/use-member";
import { useMemberInfo } from "@/lib/product-api/use-member-info";
import { href } from "@/lib/routing/href";
import type { PageProps } from "@/lib/routing/page-props";
import { HOME_PATH } from "@/lib/routing/paths";
import { toast } from "@/lib/toast/toast-store";
import { kindOf } from "@/lib/transactions/sent-transaction";
import { useAccountTransactions } from "@/lib/transactions/use-transactions";
import { useAppStore } from "@/store";
import { Superior } from "@/widgets/membership";
import { Page } from "@/widgets/page";
import { RequireWallet } from "@/widgets/require-wallet";
import { TransactionNote } from "@/widgets/transaction-note";
import { sameAddress } from "@/lib/format/format";

import { useRegisterAccountAction } from "./api/use-register-account-action";
import { useRegisterOnChainAction } from "./api/use-register-on-chain-action";
import { CredentialFields, ReferrerField, useNewAccountField, usePasswordField, useReferrerField } from "./fields";

/** The registration's refusals that are about the name, said under it rather than below the form. */
const NAME_REFUSALS: ReadonlySet<string> = new Set(["errors:accountTaken", "errors:accountLookAlike"]);

/** Neither half, or the on-chain half only: the account form, then the chain if still needed. */
function RegisterForm({ account, inviter }: { account: string; inviter: string | undefined }) {
  const { t } = useTranslation("pages");
  const navigate = useNavigate();
  const ref = useAppStore((state) => state.ref);
  const setRef = useAppStore((state) => state.setRef);
  const setUser = useAppStore((state) => state.setUser);
  const keepSession = useAppStore((state) => state.keepSession);
  const onChain = inviter !== undefined;
  const request = useRegisterAccountAction();
  const registration = useRegisterOnChainAction();
  // The name the last registration was sent with: when the API refused that name (someone took it
  // between the check and the signature, or the check could not be asked), that is said under the
  // name, like the check's answer.
  const [sentName, setSentName] = useState<string>();
  const nameRefusal = request.phase === "failed" && request.error && NAME_REFUSALS.has(request.error.key) ? request.error : undefined;
  const name = useNewAccountField(nameRefusal && sentName !== undefined ? { name: sentName, reason: nameRefusal } : undefined);
  const password = usePasswordField(true);
  // A member on chain keeps the inviter it has: the account names the same one.
  const referrer = useReferrerField(account, onChain && inviter !== ZeroAddress ? inviter : ref);

  const submit = async () => {
    const accountName = name.attempt();
    const secret = password.attempt();
    const referrerAddress = await referrer.attempt();
    if (accountName === undefined || secret === undefined || referrerAddress === undefined) return;
    if (!(await name.confirmFree(accountName))) return;

    setSentName(accountName);
    const session = await request.run({ account: accountName, password: secret, referrer: referrerAddress });
    if (!session) return;
    // Kept at once, so a tab closed during the on-chain step still finds the user logged in; made
    // current only after it, so this form stays up while the wallet is asked.
    keepSession(account, session.token);
    // A repeated registration keeps the referrer of the first one, and the chain gets that one.
    const stored = session.member.referrer ?? referrerAddress;
    if (!sameAddress(stored, referrerAddress)) toast.info("pages:register.storedReferrer", { referrer: stored });
    const done = onChain || (await registration.run(stored)) !== undefined;
    setUser(account, session.token);
    if (!done) return; // Logged in with the account made: the page now offers the on-chain half alone.
    setRef(""); // The referral link has served: the device forgets it.
    if (onChain) toast.success("common:messages.registerSuccessful");
    navigate(href(HOME_PATH));
  };

  const step = request.busy ? request : registration;
  return (
    <Card>
      {onChain && <Note tone="success">{t("register.onChainDone")}</Note>}
      <CredentialFields account={name} password={password} isNew />
      <ReferrerField
        referrer={referrer}
        readOnly={onChain && inviter !== ZeroAddress}
        hint={onChain ? t("register.inviterOnChain") : ref && referrer.field.text === ref ? t("register.fromLink") : undefined}
      />
      <ActionButton transaction={step} busyLabel={request.busy ? t("account.sending") : undefined} onClick={() => void submit()}>
        {t("register.submit")}
      </ActionButton>
      <FailureNote state={nameRefusal ? { phase: "idle" } : request} />
      <TransactionNote transaction={registration} />
      <Note>{t(onChain ? "register.stepsAccountOnly" : "register.steps")}</Note>
    </Card>
  );
}

/** The account exists (and this wallet is logged in to it); the chain does not know the wallet. */
function CompleteOnChain({ account, member }: { account: string; member: Member }) {
  const { t } = useTranslation("pages");
  const navigate = useNavigate();
  const ref = useAppStore((state) => state.ref);
  const setRef = useAppStore((state) => state.setRef);
  // An account bound without a referrer (made before referrers) chooses one now.
  const referrer = useReferrerField(account, member.referrer ?? ref);
  const registration = useRegisterOnChainAction();

  const submit = async () => {
    const address = await referrer.attempt();
    if (address === undefined) return;
    if (!(await registration.run(address))) return;
    setRef(""); // The referral link has served: the device forgets it.
    navigate(href(HOME_PATH));
  };

  return (
    <Card>
      <Note tone="success">{t("register.accountDone", { account: member.account })}</Note>
      <ReferrerField referrer={referrer} readOnly={member.referrer !== null} />
      <ActionButton transaction={registration} onClick={() => void submit()}>
        {t("register.completeOnChain")}
      </ActionButton>
      <TransactionNote transaction={registration} />
    </Card>
  );
}

function Registered({ account, inviter, member }: { account: string; inviter: string; member: Member }) {
  const { t } = useTranslation("pages");
  // A registration finished on chain from this device, even after a reload or while another page
  // was open (the page that sent it forgets the referrer itself when it is still there).
  const setRef = useAppStore((state) => state.setRef);
  const registeredHere = useAccountTransactions(account).some((sent) => kindOf(sent.action) === "register" && sent.state === "confirmed");
  useEffect(() => {
    if (registeredHere) setRef("");
  }, [registeredHere, setRef]);
  return (
    <Card>
      <Note tone="success">{t("register.already")}</Note>
      <Stat label={t("forms.account")} value={member.account} />
      <Stat label={t("links.superior")} value={<Superior inviter={inviter} />} />
    </Card>
  );
}

function Registration({ account }: { account: string }) {
  const { info } = useMemberInfo(account);
  const session = useMember();
  if (!info || session.loading) return <Loading />;
  const member = session.member && sameAddress(session.member.wallet, account) ? session.member : undefined;
  if (member && info.registered) return <Registered account={account} inviter={info.inviter} member={member} />;
  if (member) return <CompleteOnChain account={account} member={member} />;
  return <RegisterForm account={account} inviter={info.registered ? info.inviter : undefined} />;
}

export default function RegisterPage({ query }: PageProps) {
  const { t } = useTranslation("pages");
  return (
    <Page title="titles.register">
      <Stack testId="page-register" stype={query.stype}>
        <RequireWallet>{(account) => <Registration key={account} account={account} />}</RequireWallet>
        <Note>
          <Link to={href("/pages/bindOrRegister/bindOrRegister")}>{t("register.haveAccount")}</Link>
        </Note>
      </Stack>
    </Page>
  );
}
