// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IMainTypes} from "../../mocks/contracts/interfaces/main/IMainTypes.sol";
import {IMvMarketTypes} from "../../mocks/contracts/interfaces/market/IMvMarketTypes.sol";
import {IRevenueTypes} from "../../mocks/contracts/interfaces/revenue/IRevenueTypes.sol";

import {Product} from "./Product.sol";
import {vm} from "./Vm.sol";

/// @title An independent model of what the product owes everyone, and the checks against it
/// @notice The handler updates this model with what each call must do, computed from docs/product/contracts.md's
///         rules and never from the contracts' own answers: every balance of every token, the
///         prices and their guard, the pools and their rounds, the referral tree and its team
///         performance, every member's records and bonuses, the queue of sale orders, the daily
///         use of the swap routes. The invariant compares the contracts with it after every call.
abstract contract Model is Product {
    uint256 internal constant MAX_HASHRATE = 1e9;
    uint256 internal constant MAX_ACTIVE_POWER = 5e9;
    /// @dev Records one call takes out at most; more due than this blocks the member's synthesis.
    uint256 internal constant MAX_OUT_PER_CALL = 200;
    uint256 internal constant MAX_POOL = type(uint96).max;
    uint256 internal constant INDEX_PER_VALUE = BPS * 1 days;
    uint256 internal constant CAP_INDEX = OUT_MULTIPLE * INDEX_PER_VALUE;

    /// @dev The clock of the sequence. forge does not carry a warp from one call to the next, so
    ///      every action (and the invariant) moves to this first.
    uint256 public currentTime;

    // ---------------------------------------------------------------- tokens

    uint256[TOKENS] public minted;
    uint256[TOKENS] public burned;
    /// @dev Every balance of every token, as the model has it.
    mapping(uint256 token => mapping(address holder => uint256)) public balanceModel;

    // ---------------------------------------------------------------- prices (Main)

    struct PriceModel {
        uint256 price;
        uint256 changedAt;
        uint256 pending;
        uint256 pendingAt;
    }

    PriceModel[TOKENS] internal _prices;

    /// @dev MV's and USDT's prices at one moment: what an MV seller receives per MV is mv / usdt.
    struct SellerPrices {
        uint256 mv;
        uint256 usdt;
    }
    uint256 internal _priceStepBps = 1_000;
    uint256 internal _priceDelay = 1 days;
    /// @dev A looser guard announced by the owner: it replaces the one above from `_guardPendingAt` on.
    uint256 internal _guardPendingStepBps;
    uint256 internal _guardPendingDelay;
    uint256 internal _guardPendingAt;
    /// @dev The last moves applied at once of USDT and of any other token: one side of the MV / USDT
    ///      ratio may not step within a delay of the other's step.
    uint256 internal _usdtStepAt;
    uint256 internal _otherStepAt;

    /// @dev `enabled`: on, or announced to come on at `enableAt` (zero: on at once).
    struct RuleModel {
        uint256 multiple;
        uint256 minimum;
        bool enabled;
        uint256 enableAt;
    }

    RuleModel[TOKENS] internal _rules;

    // ---------------------------------------------------------------- pools (Main)

    struct PoolModel {
        uint256 lucky;
        uint256 max;
        address lastMiner;
        uint256 luckyEndsAt;
        address leader;
        uint256 leaderHashrate;
        uint256 roundEndsAt;
        uint256 luckyShareBps;
        uint256 maxShareBps;
        uint256 luckyDuration;
        uint256 roundDuration;
    }

    PoolModel internal _pools;

    // ---------------------------------------------------------------- referral tree (Community)

    struct MemberModel {
        // The genesis member is its own inviter; zero: not registered.
        address inviter;
        // Zero: the member itself.
        address settler;
        uint256 performance;
        uint256 todayGain;
        uint256 gainDay;
        // Direct members who reached V1: counted, and those of `pendingDay`, which count from the
        // next 00:00 UTC.
        uint256 v1Directs;
        uint256 pendingV1;
        uint256 pendingDay;
    }

    mapping(address account => MemberModel) internal _members;
    uint256 internal _maxGenerations = 20;
    uint256[5] internal _vipThresholds = [uint256(10_000), 50_000, 200_000, 1_000_000, 5_000_000];
    uint256[5] internal _vipRates = [uint256(200), 400, 600, 800, 1_000];

    // ---------------------------------------------------------------- revenue (Revenue)

    /// @dev The daily rate from `time` on; `index` is the global index at `time`.
    struct RateCheckpoint {
        uint256 time;
        uint256 index;
        uint256 rateBps;
    }

    RateCheckpoint[] internal _rates;

    /// @dev A merge record earns `hashrate` x (index change) from `startIndex` until it has earned
    ///      OUT_MULTIPLE times its value.
    struct RecordModel {
        uint256 startIndex;
        uint256 hashrate;
    }

    /// @dev Bonuses in nano-USD, as Revenue keeps them. Machine revenue earned under preaching
    ///      rates replaced since, and not yet paid, is set aside at each claim (`earlierUnits`) with
    ///      the gold its payment will credit each generation at those rates (`earlierGold`,
    ///      nano-USD) and the most that gold may be (`earlierCap`, USD x BPS, unrounded: the
    ///      preaching cap's); `version` is the preaching rates' version up to which it was set aside.
    struct EarnerModel {
        uint256 paidUnits;
        uint256 lastClaimAt;
        uint256 dynamicWaiting;
        uint256 dynamicReceived;
        uint256[3] preachingWaiting;
        uint256[3] preachingReceived;
        uint256 version;
        uint256 earlierUnits;
        uint256[3] earlierGold;
        uint256[3] earlierCap;
        // coverage() as it stood just before the member's last claim (zero: never claimed; both one:
        // no shortfall then, everything waiting was paid): what they received is at most that share.
        uint256 coveredAtClaim;
        uint256 owedAtClaim;
    }

    /// @dev Preaching rates that were in force until the global index reached `until`: version v
    ///      of the rates is `_pastPreaching[v]`, the current one `_preachingRates`.
    struct PastPreaching {
        uint256 until;
        uint256[3] rates;
    }

    mapping(address member => RecordModel[]) internal _records;
    mapping(address member => EarnerModel) internal _earners;
    /// @dev Records Revenue has taken out for good (the oldest first): by a synthesis, a claim or
    ///      processOutRecords. A view takes out more, in memory only.
    mapping(address member => uint256) internal _outTaken;
    /// @dev What those records earned, each its cap (value-index units): so that the model's sums
    ///      of what is earned now start after them, as bursts of syntheses make records by hundreds.
    mapping(address member => uint256) internal _outUnits;
    /// @dev Hashrate each member synthesised, ever: their power.
    mapping(address member => uint256) public synthesised;
    uint256 internal _claimInterval = 60;
    uint256[3] internal _preachingRates = [uint256(1_000), 500, 300];
    PastPreaching[] internal _pastPreaching;
    /// @dev The most the rates allow: the top VIP rate of every synthesis, and each generation's
    ///      preaching rate of every machine revenue paid, the rate in force when it was earned (what
    ///      was set aside pro rata, as its gold; `_goldOnPayment`) (USD, 18 decimals); and what the
    ///      model credited in all (nano-USD).
    uint256 public dynamicCap;
    uint256[3] public preachingCap;
    /// @dev Everything claims have paid, ever (USD, 18 decimals): the sum of the model's claims,
    ///      each checked to be the `Claimed` amount. With the reserve and the promise, coverage().
    uint256 public paidEver;
    uint256 internal _dynamicCredited;
    uint256[3] internal _preachingCredited;

    // ---------------------------------------------------------------- sale orders (MvMarket)

    struct OrderModel {
        address seller;
        uint256 remaining;
        bool active;
    }

    OrderModel[] internal _orders;
    /// @dev Indexes of the active orders, oldest first: the queue buys fill from.
    uint256[] internal _queue;
    /// @dev MV the sellers' active orders hold; MV sent to the market by mistake is apart.
    uint256 public escrow;
    uint256 public strayMv;
    uint256 internal _minOrder = 100e18;
    uint256 internal _maxFills = 50;

    // ---------------------------------------------------------------- swap routes (Swap)

    struct Usage {
        uint256 day;
        uint256 used;
    }

    mapping(address user => Usage[5]) internal _usage;
    uint256[5] internal _dailyLimits;

    // ---------------------------------------------------------------- what a call touched

    /// @dev After every call the invariant re-checks what the call may have changed: the tokens it
    ///      moved (a Transfer event, or a move in the model), the members whose revenue it touched
    ///      (all of them when time moved), and in turn one more token and one more member whatever
    ///      the call did. At the end of each run it checks everything.
    uint256 internal constant EVERYTHING = type(uint256).max;
    uint256 internal _dirtyTokens;
    uint256 internal _dirtyMembers;
    uint256 internal _calls;
    mapping(address token => uint256) internal _tokenNumber;
    mapping(address member => uint256) internal _actorNumber;

    // ---------------------------------------------------------------- broken expectations

    /// @dev Counters the invariant wants at zero. A handler that finds a broken expectation counts
    ///      it and returns normally (a revert would undo the count); the invariant, checked right
    ///      after the call, then fails with the first reason.
    uint256 public breaks;
    string public firstBreak;
    uint256 public revertsThatMoved;
    uint256 public strangersWithdrew;
    uint256 public wrongSendersAccepted;
    /// @dev Attempts made, to show that the refusals were tried (the afterInvariant metrics).
    uint256 public strangerAttempts;
    uint256 public wrongSenderAttempts;
    /// @dev Syntheses taken that brought a member to exactly the active-power cap.
    uint256 public atTheCap;

    constructor() {
        currentTime = block.timestamp;
        for (uint256 t = 0; t < TOKENS; ++t) _tokenNumber[address(tokens[t])] = t + 1;
        for (uint256 a = 0; a < ACTORS; ++a) _actorNumber[actors[a]] = a + 1;
        uint256[TOKENS] memory prices = _defaultPrices();
        for (uint256 t = 0; t < TOKENS; ++t) _prices[t] = PriceModel(prices[t], block.timestamp, 0, 0);
        for (uint256 i = 0; i < SYNTHESIS_TOKENS; ++i) {
            (uint256 token, uint256 multiple) = _synthesisToken(i);
            _rules[token] = RuleModel(multiple, multiple, true, 0);
        }
        _pools = PoolModel({
            lucky: 0,
            max: 0,
            lastMiner: address(0),
            luckyEndsAt: 0,
            leader: address(0),
            leaderHashrate: 0,
            roundEndsAt: block.timestamp + 1 days,
            luckyShareBps: 500,
            maxShareBps: 500,
            luckyDuration: 10 minutes,
            roundDuration: 1 days
        });
        _members[actors[0]].inviter = actors[0];
        _rates.push(RateCheckpoint(block.timestamp, 0, DAILY_RATE_BPS));
        _dailyLimits = _defaultDailyLimits();

        // RESERVES of scripts/lib/deploy-defaults.ts.
        _mint(USDT, address(main), 1_000_000e18);
        _mint(ACB, address(revenue), 5_000_000e18);
        _mint(X, address(swap), 5_000_000e18);
        _mint(USDT, address(swap), 1_000_000e18);
        _mint(ACB, address(swap), 1_000_000e18);

        // The model's own figures of the contracts' fixed limits, checked once against their views.
        require(revenue.maxOutPerCall() == MAX_OUT_PER_CALL, "Revenue takes out other than MAX_OUT_PER_CALL records per call");
        require(revenue.maxActivePower() == MAX_ACTIVE_POWER, "Revenue's active-power cap is not MAX_ACTIVE_POWER");
        // And the hand-over: the manager owns the product, and its admin (this contract) waits the delay.
        (bool admin, uint32 delay) = manager.hasRole(ADMIN_ROLE, address(this));
        require(admin && delay == GOVERNANCE_DELAY, "the admin does not wait the governance delay");
        require(
            main.owner() == address(manager) && revenue.owner() == address(manager) && community.owner() == address(manager)
                && swap.owner() == address(manager) && market.owner() == address(manager),
            "the AccessManager does not own the product"
        );
    }

    // ---------------------------------------------------------------- model updates

    function _mint(uint256 token, address to, uint256 amount) internal {
        tokens[token].mint(to, amount);
        minted[token] += amount;
        balanceModel[token][to] += amount;
        _dirtyTokens |= 1 << token;
    }

    function _move(uint256 token, address from, address to, uint256 amount) internal {
        balanceModel[token][from] -= amount;
        balanceModel[token][to] += amount;
        _dirtyTokens |= 1 << token;
    }

    function _burn(uint256 token, address from, uint256 amount) internal {
        balanceModel[token][from] -= amount;
        burned[token] += amount;
        _dirtyTokens |= 1 << token;
    }

    /// @dev The member's revenue may have changed in this call.
    function _touch(address member) internal {
        uint256 number = _actorNumber[member];
        if (number != 0) _dirtyMembers |= 1 << (number - 1);
    }

    function _break(string memory expectation) internal {
        if (breaks == 0) firstBreak = expectation;
        breaks += 1;
    }

    // ---------------------------------------------------------------- model rules

    /// @dev The price in force now: a scheduled price applies from its time on.
    function _priceNow(uint256 token) internal view returns (uint256) {
        PriceModel storage p = _prices[token];
        return p.pendingAt != 0 && block.timestamp >= p.pendingAt ? p.pending : p.price;
    }

    /// @dev Whether a token pays for synthesis now: enabled, and its announced time (if any) come.
    function _enabledNow(uint256 token) internal view returns (bool) {
        RuleModel storage rule = _rules[token];
        return rule.enabled && block.timestamp >= rule.enableAt;
    }

    /// @dev Launched: someone has synthesised (docs/product/contracts.md §4).
    function _launched() internal view returns (bool) {
        return _pools.lastMiner != address(0);
    }

    /// @dev What Revenue has promised and not paid (backing()'s promisedUsd): every record's cap in
    ///      USD (each will earn exactly that) less the machine revenue received, and every bonus
    ///      waiting.
    function _promisedUsd() internal view returns (uint256 promised) {
        for (uint256 a = 0; a < ACTORS; ++a) {
            address member = actors[a];
            EarnerModel storage e = _earners[member];
            promised += synthesised[member] * OUT_MULTIPLE * USD - _toUsd(e.paidUnits);
            promised += (e.dynamicWaiting + e.preachingWaiting[0] + e.preachingWaiting[1] + e.preachingWaiting[2]) * NANO;
        }
    }

    /// @dev Everything `member` has received (USD): machine revenue as claims rounded it, and each
    ///      bonus. With what waits, everything they have ever been owed.
    function _receivedUsd(address member) internal view returns (uint256) {
        EarnerModel storage e = _earners[member];
        uint256 bonusNano = e.dynamicReceived + e.preachingReceived[0] + e.preachingReceived[1] + e.preachingReceived[2];
        return _toUsd(e.paidUnits) + bonusNano * NANO;
    }

    /// @dev What a claim by `member` of `waitingUsd` may pay, in USD, from a reserve worth
    ///      `reserveUsd`, with `promised` promised (docs/decisions/governance.md): the whole reserve
    ///      while it covers the promise; in a shortfall, the member's share of everything they have
    ///      ever been owed (received and waiting) at the coverage, everything paid ever plus the
    ///      reserve over everything paid ever plus the promise (floored), less what they received,
    ///      never more than the reserve; nothing when they received their share already.
    function _claimBudget(address member, uint256 waitingUsd, uint256 reserveUsd, uint256 promised) internal view returns (uint256) {
        if (promised <= reserveUsd) return reserveUsd;
        uint256 received = _receivedUsd(member);
        uint256 entitled = (received + waitingUsd) * (reserveUsd + paidEver) / (promised + paidEver);
        return entitled <= received ? 0 : _min(entitled - received, reserveUsd);
    }

    /// @dev What a claim by `member` now may pay from the reserve the model has, before whole-unit
    ///      rounding, as claimableUsd() counts it: `units` are what their records have earned up
    ///      to where the claim's accrual stops (`_accrualStop`).
    function _claimableOf(address member, uint256 units, uint256 promised) internal view returns (uint256) {
        uint256 waiting = _waitingOf(member, units);
        uint256 budget = _claimBudget(member, waiting, balanceModel[ACB][address(revenue)] * _priceNow(ACB) / USD, promised);
        return _min(budget, waiting);
    }

    /// @dev What a claim by `member`, whose records have earned `units` units, pays with `budget`
    ///      USD from the reserve, in the stated order: machine revenue, then dynamic revenue, then
    ///      preaching gold 1 to 3; no bonus while machine revenue is still waiting
    ///      (docs/product/contracts.md §6). Machine revenue short of the budget is paid in the most
    ///      whole units whose rounded total fits it: toUsd(u) <= before + budget exactly when
    ///      u * USD < (before + budget + 1) * INDEX_PER_VALUE.
    function _claimPlan(address member, uint256 units, uint256 budget)
        internal
        view
        returns (uint256 paidUnits, uint256 machinePaid, uint256[4] memory bonusPaid, uint256 paidUsd)
    {
        EarnerModel storage e = _earners[member];
        uint256 before = _toUsd(e.paidUnits);
        machinePaid = _toUsd(units) - before;
        paidUnits = units;
        if (machinePaid > budget) {
            paidUnits = _max(e.paidUnits, ((before + budget + 1) * INDEX_PER_VALUE - 1) / USD);
            machinePaid = _toUsd(paidUnits) - before;
        }
        uint256 room = paidUnits == units ? (budget - machinePaid) / NANO : 0;
        uint256[4] memory waiting = [e.dynamicWaiting, e.preachingWaiting[0], e.preachingWaiting[1], e.preachingWaiting[2]];
        paidUsd = machinePaid;
        for (uint256 k = 0; k < 4; ++k) {
            bonusPaid[k] = _min(waiting[k], room);
            room -= bonusPaid[k];
            paidUsd += bonusPaid[k] * NANO;
        }
    }

    function _max(uint256 a, uint256 b) internal pure returns (uint256) {
        return a > b ? a : b;
    }

    /// @dev The two prices a sale order fills at now, as MvMarket reads them from Main. It pays
    ///      MV * mv / usdt exactly (rounded up once), so ratios are compared crosswise, never as a
    ///      floored quotient: an exact one-step move would read as a hair more than one step.
    function _sellerPrices() internal view returns (SellerPrices memory) {
        return SellerPrices(main.priceOf(address(tokens[MV])), main.priceOf(address(tokens[USDT])));
    }

    /// @dev The guard in force now: a looser guard applies once its announced time has come.
    function _guardNow() internal view returns (uint256 stepBps, uint256 delay) {
        if (_guardPendingAt != 0 && block.timestamp >= _guardPendingAt) return (_guardPendingStepBps, _guardPendingDelay);
        return (_priceStepBps, _priceDelay);
    }

    function _applyDueGuard() internal {
        if (_guardPendingAt == 0 || block.timestamp < _guardPendingAt) return;
        (_priceStepBps, _priceDelay) = (_guardPendingStepBps, _guardPendingDelay);
        (_guardPendingStepBps, _guardPendingDelay, _guardPendingAt) = (0, 0, 0);
    }

    /// @dev The owner's new guard: one no looser in step or delay applies now and drops any
    ///      announced one; a looser one waits the delay in force, replacing any announced one.
    function _newGuard(uint256 stepBps, uint256 delay) internal {
        _applyDueGuard();
        if (stepBps <= _priceStepBps && delay >= _priceDelay) {
            (_priceStepBps, _priceDelay) = (stepBps, delay);
            (_guardPendingStepBps, _guardPendingDelay, _guardPendingAt) = (0, 0, 0);
        } else {
            (_guardPendingStepBps, _guardPendingDelay, _guardPendingAt) = (stepBps, delay, block.timestamp + _priceDelay);
        }
    }

    function _applyDuePrice(uint256 token) internal {
        PriceModel storage p = _prices[token];
        if (p.pendingAt == 0 || block.timestamp < p.pendingAt) return;
        p.price = p.pending;
        p.changedAt = p.pendingAt;
        p.pending = 0;
        p.pendingAt = 0;
    }

    function _ceilDiv(uint256 a, uint256 b) internal pure returns (uint256) {
        return a == 0 ? 0 : (a - 1) / b + 1;
    }

    function _min(uint256 a, uint256 b) internal pure returns (uint256) {
        return a < b ? a : b;
    }

    /// @dev The global revenue index at `time` (at or after the first checkpoint).
    function _indexAt(uint256 time) internal view returns (uint256) {
        uint256 i = _rates.length - 1;
        while (_rates[i].time > time) --i;
        RateCheckpoint storage cp = _rates[i];
        return cp.index + cp.rateBps * (time - cp.time);
    }

    /// @dev Value-index units the member's records have earned by now, and the hashrate still earning.
    function _machineNow(address member) internal view returns (uint256 units, uint256 active) {
        return _machineAt(member, _indexAt(block.timestamp));
    }

    /// @dev Value-index units the member's records had earned when the global index was `index`
    ///      (now or earlier), and the hashrate then earning. Records start at a rising index: those
    ///      made later had earned nothing.
    function _machineAt(address member, uint256 index) internal view returns (uint256 units, uint256 active) {
        RecordModel[] storage records = _records[member];
        // The records taken out for good, when all of them had finished by then: their caps at once.
        uint256 i = _outTaken[member];
        if (i != 0 && records[i - 1].startIndex + CAP_INDEX <= index) units = _outUnits[member];
        else i = 0;
        for (; i < records.length && records[i].startIndex <= index; ++i) {
            RecordModel storage r = records[i];
            uint256 outAt = r.startIndex + CAP_INDEX;
            if (index < outAt) {
                units += r.hashrate * (index - r.startIndex);
                active += r.hashrate;
            } else {
                units += r.hashrate * CAP_INDEX;
            }
        }
    }

    /// @dev Where an accrual of `member` now stops (Revenue's `_accrue`, which takes out
    ///      MAX_OUT_PER_CALL records at most), as a global index, and the preaching rates' version
    ///      it brings the member's records to. Without a backlog: now, and the current version.
    ///      Behind one, it walks the ends of the versions not yet caught up with, then now, taking
    ///      out the due records (the oldest first) on the way, and stops at the first of these
    ///      targets that the first record it cannot take out (the 201st due) reaches its cap at or
    ///      before: having taken out the 200th, it has accrued to the later of that one's cap and
    ///      the last target it reached; the versions it reached are those that ended before the
    ///      201st's cap. (Versions caught up with before ended before the oldest record not out
    ///      reached its cap: they count here alike, and change nothing.)
    function _accrualStop(address member) internal view returns (uint256 index, uint256 version) {
        if (_outPending(member) <= MAX_OUT_PER_CALL) return (_indexAt(block.timestamp), _pastPreaching.length);
        RecordModel[] storage records = _records[member];
        uint256 first = _outTaken[member];
        index = records[first + MAX_OUT_PER_CALL - 1].startIndex + CAP_INDEX;
        uint256 blocked = records[first + MAX_OUT_PER_CALL].startIndex + CAP_INDEX;
        while (version < _pastPreaching.length && _pastPreaching[version].until < blocked) {
            index = _max(index, _pastPreaching[version].until);
            ++version;
        }
    }

    /// @dev Sets aside, at a claim, the member's machine revenue waiting that was earned under
    ///      preaching rates replaced since the last claim, version by version up to `upTo` (where
    ///      the claim's accrual stops, `_accrualStop`), each valued at its own rates: what the
    ///      records had earned when a version ended, less what was paid and what is already set
    ///      aside (payments take the oldest revenue first, so what waits is the newest). Revenue
    ///      does this whenever it brings a member up to date; a version's part is the same whenever
    ///      that is, as only a claim changes what was paid.
    function _setAsideEarlierGold(address member, uint256 upTo) internal {
        EarnerModel storage e = _earners[member];
        for (; e.version < upTo; ++e.version) {
            PastPreaching storage past = _pastPreaching[e.version];
            (uint256 earned,) = _machineAt(member, past.until);
            uint256 held = e.paidUnits + e.earlierUnits;
            if (earned <= held) continue;
            uint256 usd = _toUsd(earned - held);
            e.earlierUnits += earned - held;
            for (uint256 g = 0; g < 3; ++g) {
                e.earlierGold[g] += usd * past.rates[g] / BPS / NANO;
                e.earlierCap[g] += usd * past.rates[g];
            }
        }
    }

    /// @dev The preaching rates of `version`: those in force now, or those of the history.
    function _ratesOf(uint256 version) internal view returns (uint256[3] memory) {
        return version == _pastPreaching.length ? _preachingRates : _pastPreaching[version].rates;
    }

    /// @dev The preaching gold, per generation (nano-USD), that paying `member` `units` units
    ///      (`usd` USD) of machine revenue credits, and the most it may be (USD): the oldest revenue
    ///      first, so first what was set aside, whose gold is credited pro rata of the units paid
    ///      of it (it is kept as one), then the rest at the rates of `version`, those in force while
    ///      it was earned (the claim's accrual reached that version and no further), valued as what
    ///      is left of the USD paid once the part set aside has its share. Takes what it pays out of
    ///      what was set aside; the cap's part of it is rounded up where the gold's is rounded down,
    ///      so the gold credited never passes the cap credited.
    function _goldOnPayment(address member, uint256 units, uint256 usd, uint256 version)
        internal
        returns (uint256[3] memory gold, uint256[3] memory cap)
    {
        if (units == 0) return (gold, cap);
        EarnerModel storage e = _earners[member];
        uint256 usdEarlier;
        if (e.earlierUnits != 0) {
            uint256 fromEarlier = _min(units, e.earlierUnits);
            for (uint256 g = 0; g < 3; ++g) {
                gold[g] = e.earlierGold[g] * fromEarlier / e.earlierUnits;
                uint256 capPart = _ceilDiv(e.earlierCap[g] * fromEarlier, e.earlierUnits);
                e.earlierGold[g] -= gold[g];
                e.earlierCap[g] -= capPart;
                cap[g] = _ceilDiv(capPart, BPS);
            }
            e.earlierUnits -= fromEarlier;
            usdEarlier = usd * fromEarlier / units;
        }
        uint256[3] memory rates = _ratesOf(version);
        for (uint256 g = 0; g < 3; ++g) {
            gold[g] += (usd - usdEarlier) * rates[g] / BPS / NANO;
            cap[g] += (usd - usdEarlier) * rates[g] / BPS;
        }
    }

    /// @dev How many of the member's records have earned their cap by now: the oldest ones, as
    ///      records start at a rising index.
    function _dueNow(address member) internal view returns (uint256 due) {
        uint256 nowIndex = _indexAt(block.timestamp);
        RecordModel[] storage records = _records[member];
        // Those taken out for good were due then, and still are.
        due = _outTaken[member];
        while (due < records.length && records[due].startIndex + CAP_INDEX <= nowIndex) ++due;
    }

    /// @dev Records due but not yet taken out for good: a backlog when more than one call takes out.
    function _outPending(address member) internal view returns (uint256) {
        return _dueNow(member) - _outTaken[member];
    }

    /// @dev A synthesis or a claim brings the member up to now: it takes out (for good) the records
    ///      due, at most MAX_OUT_PER_CALL of them.
    function _modelTakeOut(address member) internal {
        _takeOut(member, _min(_outPending(member), MAX_OUT_PER_CALL));
    }

    /// @dev `count` more of the member's records (the oldest not yet out) are out for good.
    function _takeOut(address member, uint256 count) internal {
        RecordModel[] storage records = _records[member];
        uint256 first = _outTaken[member];
        for (uint256 i = first; i < first + count; ++i) _outUnits[member] += records[i].hashrate * CAP_INDEX;
        _outTaken[member] = first + count;
    }

    function _toUsd(uint256 units) internal pure returns (uint256) {
        return units * USD / INDEX_PER_VALUE;
    }

    /// @dev What a claim by `member` would pay now, with every record due taken out: machine
    ///      revenue and the whole, in USD.
    function _waiting(address member) internal view returns (uint256 machine, uint256 total) {
        (uint256 units,) = _machineNow(member);
        machine = _toUsd(units) - _toUsd(_earners[member].paidUnits);
        total = _waitingOf(member, units);
    }

    /// @dev Everything waiting for `member` (USD) once their records have earned `units` units.
    function _waitingOf(address member, uint256 units) internal view returns (uint256) {
        EarnerModel storage e = _earners[member];
        uint256 bonusNano = e.dynamicWaiting + e.preachingWaiting[0] + e.preachingWaiting[1] + e.preachingWaiting[2];
        return _toUsd(units) - _toUsd(e.paidUnits) + bonusNano * NANO;
    }

    /// @dev The VIP level and rate of a team performance, by the levels in force.
    function _vipLevelOf(uint256 performance) internal view returns (uint256 level) {
        while (level < 5 && performance >= _vipThresholds[level]) ++level;
    }

    function _vipRateOf(uint256 performance) internal view returns (uint256) {
        uint256 level = _vipLevelOf(performance);
        return level == 0 ? 0 : _vipRates[level - 1];
    }

    /// @dev Team performance as of the last 00:00 UTC: what was gained today counts from tomorrow.
    function _settledPerformance(address member) internal view returns (uint256) {
        MemberModel storage m = _members[member];
        return m.gainDay == block.timestamp / 1 days ? m.performance - m.todayGain : m.performance;
    }

    function _v1DirectsOf(address member) internal view returns (uint256) {
        MemberModel storage m = _members[member];
        return m.v1Directs + (m.pendingDay < block.timestamp / 1 days ? m.pendingV1 : 0);
    }

    function _settlerOf(address member) internal view returns (address) {
        address settler = _members[member].settler;
        return settler == address(0) ? member : settler;
    }

    function _usedToday(address user, uint256 route) internal view returns (uint256) {
        Usage storage u = _usage[user][route];
        return u.day == block.timestamp / 1 days ? u.used : 0;
    }

    // ---------------------------------------------------------------- the checks

    /// @notice Per token: every holder's balance is the model's, the balances add up to the supply,
    ///         and what was minted is the supply plus what was burned.
    /// @dev Each token is summed over the addresses that may hold it. Leaving out an address that
    ///      may not hold the token loses nothing: a unit there would make the sum fall short.
    function checkTokens(bool everything) external view returns (string memory) {
        string[TOKENS] memory symbols = _symbols();
        for (uint256 t = 0; t < TOKENS; ++t) {
            if (!everything && _dirtyTokens & (1 << t) == 0) continue;
            address[] memory holders = _holdersOf(t);
            uint256 sum;
            for (uint256 h = 0; h < holders.length; ++h) {
                uint256 balance = tokens[t].balanceOf(holders[h]);
                if (balance != balanceModel[t][holders[h]]) {
                    return string.concat(symbols[t], " of ", _nameOf(holders[h]), " is not the model's balance");
                }
                sum += balance;
            }
            uint256 supply = tokens[t].totalSupply();
            if (sum != supply) return string.concat("the holders' ", symbols[t], " do not add up to its supply");
            if (minted[t] != supply + burned[t]) return string.concat(symbols[t], " minted is not supply plus burned");
        }
        if (main.totalAcbBurned() != burned[ACB]) return "Main's total ACB burned is not the ACB synthesis burned";
        return "";
    }

    /// @notice Main's USDT covers both pools, which are what the model says, with their rounds.
    function checkPools() external view returns (string memory) {
        IMainTypes.LuckyPool memory lucky = main.luckyPool();
        IMainTypes.MaxPool memory max = main.maxPool();
        if (tokens[USDT].balanceOf(address(main)) < lucky.amount + max.amount) return "Main's USDT does not cover both pools";
        PoolModel storage p = _pools;
        if (lucky.amount != p.lucky || max.amount != p.max) return "a pool holds other than the model's amount";
        if (lucky.endsAt != p.luckyEndsAt || lucky.lastMiner != p.lastMiner) return "the lucky countdown is not the model's";
        if (max.endsAt != p.roundEndsAt || max.leader != p.leader || max.leaderHashrate != p.leaderHashrate) {
            return "the max-machine round is not the model's";
        }
        return "";
    }

    /// @notice The market holds exactly the MV of its active orders (plus MV sent to it by mistake),
    ///         its queue is the model's, oldest first, and the remaining of the queued orders is the
    ///         MV for sale.
    function checkMarket(bool everything) external view returns (string memory) {
        // The market's state changes only with MV or USDT moving (list, buy, withdraw, rescue).
        if (!everything && _dirtyTokens & (1 << MV | 1 << USDT) == 0) return "";
        uint256 forSale = market.mvForSale();
        if (forSale != escrow) return "the MV for sale is not what the model's orders hold";
        if (tokens[MV].balanceOf(address(market)) != escrow + strayMv) return "the market's MV is not what its orders hold";
        if (market.orderCount() != _orders.length) return "the market counts other orders than the model";
        IMvMarketTypes.Order[] memory queued = market.queuedOrders(_queue.length + 1);
        if (queued.length != _queue.length) return "the queue of active orders is not the model's";
        uint256 remaining;
        for (uint256 i = 0; i < queued.length; ++i) {
            OrderModel storage o = _orders[_queue[i]];
            if (queued[i].index != _queue[i] || queued[i].seller != o.seller || queued[i].remaining != o.remaining) {
                return "an order of the queue is not the model's";
            }
            remaining += queued[i].remaining;
        }
        if (remaining != forSale) return "the MV for sale is not the remaining of the active orders";
        return "";
    }

    /// @notice Per member: the VIP level and the V1 direct members are the model's (team performance
    ///         as of the last 00:00 UTC); the records gone out and those at their cap (taken out or
    ///         not) are the model's; machine revenue is the model's and never more than 3 times
    ///         the power;
    ///         bonuses waiting and received are the model's; what a claim may pay now
    ///         (claimableUsd) is the model's, and no member has received more than their share
    ///         (`_checkShareOf`); in all, dynamic revenue stays within the top VIP rate of what was
    ///         synthesised and each generation of preaching gold within its rate of the machine
    ///         revenue paid.
    function checkRevenue(bool everything) external view returns (string memory) {
        uint256 dynamic;
        uint256[3] memory preaching;
        for (uint256 a = 0; a < ACTORS; ++a) {
            if (!everything && _dirtyMembers & (1 << a) == 0) continue;
            address member = actors[a];
            IRevenueTypes.Earnings memory earnings = revenue.earningsOf(member);
            string memory who = _actorName(a);
            if (earnings.machineTotal > OUT_MULTIPLE * synthesised[member] * USD) {
                return string.concat("the machine revenue of ", who, " passed 3 times their power");
            }
            (uint256 units, uint256 active) = _machineNow(member);
            EarnerModel storage e = _earners[member];
            uint256 pending = _outPending(member);
            bool backlog = pending > MAX_OUT_PER_CALL;
            if (earnings.outBacklog != backlog || earnings.outCount != _outTaken[member] + _min(pending, MAX_OUT_PER_CALL)) {
                return string.concat("the records gone out of ", who, " are not the model's");
            }
            if (revenue.finishedCount(member) != _outTaken[member] + pending) {
                return string.concat("the records of ", who, " at their cap are not the model's");
            }
            if (!backlog && (earnings.machineTotal != _toUsd(units) || earnings.activeValue != active)) {
                return string.concat("the machine revenue of ", who, " is not the model's");
            }
            if (backlog) {
                // Behind a backlog, a view accrues as a claim would: up to where it stops.
                (uint256 stop,) = _accrualStop(member);
                (units,) = _machineAt(member, stop);
                if (earnings.machineTotal != _toUsd(units)) return string.concat("the machine revenue of ", who, " behind a backlog is not the model's");
            }
            if (earnings.activeValue > MAX_ACTIVE_POWER) return string.concat("the active power of ", who, " passed the cap");
            if (community.vipLevelOf(member) != _vipLevelOf(_settledPerformance(member))) {
                return string.concat("the VIP level of ", who, " is not the model's");
            }
            if (community.v1DirectsOf(member) != _v1DirectsOf(member)) {
                return string.concat("the V1 direct members of ", who, " are not the model's");
            }
            if (earnings.machineReceived != _toUsd(e.paidUnits)) return string.concat(who, " received other machine revenue than the model's");
            if (earnings.dynamicWaiting != e.dynamicWaiting * NANO || earnings.dynamicReceived != e.dynamicReceived * NANO) {
                return string.concat("the dynamic revenue of ", who, " is not the model's");
            }
            dynamic += earnings.dynamicWaiting + earnings.dynamicReceived;
            for (uint256 g = 0; g < 3; ++g) {
                if (earnings.preachingWaiting[g] != e.preachingWaiting[g] * NANO || earnings.preachingReceived[g] != e.preachingReceived[g] * NANO) {
                    return string.concat("the preaching gold of ", who, " is not the model's");
                }
                preaching[g] += earnings.preachingWaiting[g] + earnings.preachingReceived[g];
            }
            string memory failure = _checkShareOf(member, who, earnings, units);
            if (bytes(failure).length != 0) return failure;
        }
        // Summed over the members checked; every member's figures being the model's, the model's
        // totals stand for all of them.
        if (everything ? dynamic > dynamicCap : _dynamicCredited * NANO > dynamicCap) {
            return "dynamic revenue passed the top VIP rate of what was synthesised";
        }
        for (uint256 g = 0; g < 3; ++g) {
            if (everything ? preaching[g] > preachingCap[g] : _preachingCredited[g] * NANO > preachingCap[g]) {
                return "preaching gold passed its generation's rate of the machine revenue paid";
            }
        }
        return "";
    }

    /// @dev Per member, read from Revenue: what a claim may pay now (claimableUsd) is the model's
    ///      figure (`units`: what their records have earned where a claim's accrual stops), to the wei; and invariant (a), at every step: no member has received more than
    ///      their share of everything they are owed now (received and waiting, which only grows) at
    ///      the coverage of their last claim: received x owed <= (received + waiting) x covered,
    ///      exactly (a claim pays at most the floored share). Not at the coverage of now: a new
    ///      record, an ACB price fall or a claim's preaching gold lowers it for everyone after
    ///      some have claimed, by design (docs/decisions/governance.md).
    function _checkShareOf(address member, string memory who, IRevenueTypes.Earnings memory earnings, uint256 units)
        internal
        view
        returns (string memory)
    {
        if (revenue.claimableUsd(member) != _claimableOf(member, units, _promisedUsd())) return string.concat("what ", who, " may claim now is not the model's");
        EarnerModel storage e = _earners[member];
        uint256 received = earnings.machineReceived + earnings.dynamicReceived + earnings.preachingReceived[0]
            + earnings.preachingReceived[1] + earnings.preachingReceived[2];
        if (received * e.owedAtClaim > (received + earnings.totalWaiting) * e.coveredAtClaim) {
            return string.concat(who, " has received more than their share at the coverage of their last claim");
        }
        return "";
    }

    /// @notice What Revenue has promised is the model's (every record's cap not yet paid, every bonus
    ///         waiting), and what members are owed now is at most what the reserve can pay plus
    ///         the shortfall backing() shows: nothing owed is hidden. coverage() is the model's
    ///         everything paid ever (its own sum of what claims paid) plus the reserve, over
    ///         everything paid ever plus the promise.
    function checkBacking() external view returns (string memory) {
        uint256 owed;
        for (uint256 a = 0; a < ACTORS; ++a) {
            (, uint256 total) = _waiting(actors[a]);
            owed += total;
        }
        IRevenueTypes.Backing memory backing = revenue.backing();
        uint256 promised = _promisedUsd();
        if (backing.promisedUsd != promised) return "what Revenue has promised is not the model's";
        uint256 reserveUsd = balanceModel[ACB][address(revenue)] * _priceNow(ACB) / USD;
        if (backing.reserveUsd != reserveUsd) return "Revenue's reserve is not the model's";
        if (owed > backing.reserveUsd + backing.shortfallUsd) return "members are owed more than the reserve pays plus the shortfall shown";
        (uint256 covered, uint256 owedEver) = revenue.coverage();
        if (covered != paidEver + reserveUsd || owedEver != paidEver + promised) {
            return "coverage() is not everything claims paid plus the reserve, over everything claims paid plus the promise";
        }
        return "";
    }

    /// @notice Prices move only as the owner's guard allows: at once within the step, else later.
    function checkPrices() external view returns (string memory) {
        string[TOKENS] memory symbols = _symbols();
        for (uint256 t = 0; t < TOKENS; ++t) {
            if (main.priceOf(address(tokens[t])) != _priceNow(t)) return string.concat("the price of ", symbols[t], " is not the model's");
        }
        (uint256 stepBps, uint256 delay) = _guardNow();
        (uint256 inForceStep, uint256 inForceDelay) = main.priceGuard();
        if (inForceStep != stepBps || inForceDelay != delay) return "the price guard in force is not the model's";
        bool due = _guardPendingAt != 0 && block.timestamp >= _guardPendingAt;
        (uint256 pendingStep, uint256 pendingDelay, uint256 pendingAt) = main.pendingPriceGuard();
        if (due ? pendingAt != 0 : (pendingStep != _guardPendingStepBps || pendingDelay != _guardPendingDelay || pendingAt != _guardPendingAt)) {
            return "the announced price guard is not the model's";
        }
        for (uint256 i = 0; i < SYNTHESIS_TOKENS; ++i) {
            (uint256 token,) = _synthesisToken(i);
            RuleModel storage rule = _rules[token];
            if (main.tokenRule(address(tokens[token])).enabled != _enabledNow(token)) {
                return string.concat("whether ", symbols[token], " pays for synthesis is not the model's");
            }
            uint256 announced = rule.enabled && !_enabledNow(token) ? rule.enableAt : 0;
            if (main.pendingEnabling(address(tokens[token])) != announced) {
                return string.concat("the announced enabling of ", symbols[token], " is not the model's");
            }
        }
        return "";
    }

    /// @notice Once per run, order by order: each order is the model's.
    function checkEveryOrder() external view returns (string memory) {
        for (uint256 i = 0; i < _orders.length; ++i) {
            IMvMarketTypes.Order memory order = market.orderOf(i);
            OrderModel storage o = _orders[i];
            if (order.seller != o.seller || order.remaining != (o.active ? o.remaining : 0)) {
                return string.concat("order ", _decimal(i), " is not the model's");
            }
        }
        return "";
    }

    // ---------------------------------------------------------------- names

    /// @dev Who may hold each token: the members, the owner (what rescues return), and the contracts
    ///      and treasury the token may reach.
    function _holdersOf(uint256 token) internal view returns (address[] memory holders) {
        address[6] memory extra;
        uint256 n;
        bool strayable = token == MV || token == ACB || token == USDT || token == X;
        bool swapped = token == MV || token == WXB || token == USDX || token == X || token == ACB || token == USDT;
        bool paysSynthesis = token != MV && token != WXB && token != ACB;
        if (token != USDC && token != FTB && token != ZYB) extra[n++] = address(this);
        if (strayable || token == USDT) extra[n++] = address(main);
        if (strayable) extra[n++] = address(market);
        if (swapped) extra[n++] = address(swap);
        if (token == ACB) extra[n++] = address(revenue);
        if (paysSynthesis) extra[n++] = TREASURY;
        holders = new address[](ACTORS + n);
        for (uint256 i = 0; i < ACTORS; ++i) holders[i] = actors[i];
        for (uint256 i = 0; i < n; ++i) holders[ACTORS + i] = extra[i];
    }

    function _nameOf(address who) internal view returns (string memory) {
        for (uint256 i = 0; i < ACTORS; ++i) {
            if (who == actors[i]) return _actorName(i);
        }
        if (who == address(this)) return "the owner";
        if (who == TREASURY) return "the treasury";
        if (who == address(main)) return "Main";
        if (who == address(revenue)) return "Revenue";
        if (who == address(swap)) return "Swap";
        if (who == address(market)) return "MvMarket";
        if (who == address(community)) return "Community";
        if (who == address(0x5742)) return "an outsider";
        if (who == address(manager)) return "the AccessManager";
        if (who == PRICE_BOT) return "the price bot";
        return "someone else";
    }

    function _hex(bytes4 value) internal pure returns (string memory) {
        bytes memory digits = "0123456789abcdef";
        bytes memory out = new bytes(10);
        out[0] = "0";
        out[1] = "x";
        for (uint256 i = 0; i < 4; ++i) {
            out[2 + 2 * i] = digits[uint8(value[i]) >> 4];
            out[3 + 2 * i] = digits[uint8(value[i]) & 0x0f];
        }
        return string(out);
    }

    /// @dev Keeps the model's clock and the chain's together; only ever forward.
    function _warpTo(uint256 time) internal {
        if (time <= currentTime) return;
        currentTime = time;
        vm.warp(time);
    }
}
