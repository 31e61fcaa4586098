/**
 * `npx hardhat register --member 0x… --referrer 0x…`: registers any address under a registered
 * member, as the member's own transaction. An address the node does not hold a key for (a MetaMask
 * account, say) signs through Hardhat's impersonation, so it needs BNB for gas, as on BNB Chain.
 */
import type { HardhatRuntimeEnvironment } from "hardhat/types";

import { sendChecked } from "./abi";
import { productOn } from "./deployment";
import { parseAddress } from "./inputs";
import { refuse } from "./local-chain";

export interface RegisterArgs {
  member: string;
  referrer: string;
}

/** `register --member <address> --referrer <address>`. */
export async function register(args: RegisterArgs, hre: HardhatRuntimeEnvironment): Promise<void> {
  const member = parseAddress(args.member, "--member");
  const referrer = parseAddress(args.referrer, "--referrer");
  const d = await productOn(hre);
  const { network } = hre;
  const info = await d.community.memberInfo(member);
  if (info.registered) refuse(`${member} is already a member, ${info.isGenesis ? "the genesis member" : `under ${info.inviter}`}.`);
  if (!(await d.community.isRegistered(referrer))) refuse(`--referrer ${referrer} is not a member, so nobody can register under it: register it first.`);
  if ((await hre.ethers.provider.getBalance(member)) === 0n) {
    refuse(`${member} holds no BNB to pay its gas: fund it first with npx hardhat fund --to ${member} --amount 1 --network ${network.name}.`);
  }
  const signer = await hre.ethers.getImpersonatedSigner(member);
  try {
    const refusal = (reason: string) => `Community refuses to register ${member}: ${reason}.`;
    const receipt = await sendChecked(d.addresses, refusal, d.community.connect(signer).register, referrer);
    const team = await d.community.memberInfo(referrer);
    console.log(`Registered ${member} under ${referrer} in block ${receipt.blockNumber}: ${referrer} has ${team.directCount} direct member${team.directCount === 1n ? "" : "s"} now.`);
  } finally {
    // The node goes back to signing only for its own accounts.
    await hre.network.provider.request({ method: "hardhat_stopImpersonatingAccount", params: [member] });
  }
}
