/** Community.memberInfo answers for screen tests: a registered member by default, with the
 *  fields a test cares about overridden. */
import { ALICE, BOB } from "./render-page";

export function memberInfo(overrides: Partial<ReturnType<typeof baseInfo>> = {}) {
  return { ...baseInfo(), ...overrides };
}

function baseInfo() {
  return {
    registered: true,
    isGenesis: false,
    inviter: BOB,
    settler: ALICE,
    registeredAt: 1n,
    directCount: 0n,
    teamSize: 0n,
    performance: 0n,
    teamPerformance: 0n,
    teamPerformanceToday: 0n,
    vipLevel: 0,
    sLevel: 0,
  };
}
