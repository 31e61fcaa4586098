// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";

import {ICommunity} from "./interfaces/ICommunity.sol";
import {IMain} from "./interfaces/IMain.sol";
import {IRevenue} from "./interfaces/IRevenue.sol";
import {IRevenueActions} from "./interfaces/revenue/IRevenueActions.sol";
import {IRevenueOwnerActions} from "./interfaces/revenue/IRevenueOwnerActions.sol";
import {IRevenueState} from "./interfaces/revenue/IRevenueState.sol";
import {InviterReward} from "./interfaces/InviterReward.sol";

/// @title Revenue mock: machine revenue, dynamic revenue, preaching gold and claims
/// @notice Implements the product's Revenue ABI with the rules of docs/product/contracts.md §6.
/// @dev Accrual. A global index grows by the daily rate (in basis points) every second; a record
///      worth V earns V * (index change) / (BPS * 1 day). Every record earns at the same rate, so
///      records reach their cap, and go out, in the order they were made. Per member we keep the
///      active value, a checkpoint of the index, and the index at which the oldest active record
///      goes out: accrual is O(1), plus one step per record when it goes out, once in its life.
contract Revenue is IRevenue, Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    uint256 private constant BPS = 10_000;
    uint256 private constant USD = 1e18;
    /// @dev The index change over which a record earns its own value once.
    uint256 private constant INDEX_PER_VALUE = BPS * 1 days;
    /// @dev Bonus kinds: dynamic revenue, then preaching gold of generations 1 to 3.
    uint256 private constant BONUS_KINDS = 4;
    uint256 private constant DYNAMIC = 0;
    /// @dev Wei of USD in one nano-USD, the unit of bonus balances.
    uint256 private constant NANO = 1e9;
    /// @dev The most records one call takes out. Records go out once each, so this only binds when
    ///      a member has let many finish unattended; `processOutRecords` then works the rest off.
    uint256 private constant MAX_OUT_PER_CALL = 200;
    /// @dev The most hashrate a member may have earning at once. Records that went out no longer
    ///      count, so a member can always synthesise again once old records finish.
    uint256 private constant MAX_ACTIVE_POWER = 5e9;

    /// @dev The daily rate from `time` on; `index` is the global index at `time`.
    struct RateCheckpoint {
        uint40 time;
        uint48 index;
        uint16 rateBps;
    }

    /// @dev Everything a claim reads of the configuration, flat so that it fits one slot (a
    ///      nested struct or array would start a slot of its own): the current rate checkpoint,
    ///      the claim interval, the preaching-gold rates of generations 1 to 3, and how many times
    ///      those rates have changed (the current rates' version).
    struct Settings {
        uint40 rateTime;
        uint48 rateIndex;
        uint16 rateBps;
        uint32 claimInterval;
        uint16 preaching1Bps;
        uint16 preaching2Bps;
        uint16 preaching3Bps;
        uint32 preachingVersion;
    }

    /// @dev Preaching-gold rates that were in force until the global index reached `until`; the
    ///      one at position v of the history is version v.
    struct PastPreaching {
        uint48 until;
        uint16 rate1Bps;
        uint16 rate2Bps;
        uint16 rate3Bps;
    }

    /// @dev A member's machine revenue earned under preaching rates no longer in force and not yet
    ///      paid, in value-index units, with the gold its payment will credit each generation at
    ///      the rates it was earned under (nano-USD). Kept only while such revenue waits.
    struct EarlierGold {
        uint80 units;
        uint64 gold1Nano;
        uint64 gold2Nano;
        uint64 gold3Nano;
    }

    /// @dev What every accrual and claim reads and writes for a member, in one slot. Machine
    ///      revenue is kept in value-index units (whole USD times index change, about 1.16e-9 USD
    ///      each), which add up exactly: a record that goes out has earned exactly its cap.
    ///      80-bit units hold 1.4 million billion USD of revenue per member over a lifetime;
    ///      40-bit seconds last 34,000 years.
    struct Machine {
        // Units earned up to `checkpoint`, ever, and how many of them have been paid.
        uint80 earnedUnits;
        uint80 paidUnits;
        uint48 checkpoint;
        uint40 lastClaimAt;
        // Whether some of the units waiting were earned under earlier preaching rates (EarlierGold).
        bool earlierGold;
    }

    /// @dev Read by every accrual, written only when a record is added or goes out.
    struct Records {
        // Whole USD of the records still earning.
        uint64 activeValue;
        // Index of the oldest record still earning; records below it are out.
        uint32 nextOut;
        // The index at which the oldest active record has earned its cap.
        uint48 nextOutAt;
        // The preaching rates' version the units waiting since the last EarlierGold were earned
        // under: when it is not the current one, accrual first values them at their own rates.
        uint32 preachingVersion;
    }

    /// @dev Bonuses by kind in nano-USD (9 decimals), so that the four kinds fit one slot each for
    ///      waiting and for received: a claim reads one slot to know what else it pays.
    struct Account {
        Machine machine;
        Records records;
        uint64[BONUS_KINDS] bonusWaiting;
        uint64[BONUS_KINDS] bonusReceived;
        EarlierGold earlierGold;
    }

    /// @dev What Revenue has promised and not paid (USD, 18 decimals): every record's whole cap (it
    ///      will earn exactly that) less the machine revenue paid, as claims round it, plus the
    ///      bonuses waiting. It bounds what is owed now, which cannot be summed in O(1) as records
    ///      go out lazily, member by member. And everything claims have paid, ever: with the
    ///      promise, what Revenue has ever owed, the base of a shortfall's shares (`_claimBudget`).
    ///      One slot, which every synthesis and claim writes.
    struct Promised {
        uint128 owedUsd;
        uint128 paidUsd;
    }

    /// @inheritdoc IRevenueState
    uint256 public immutable override outMultiple;
    uint256 private immutable _capIndex;
    IMain private immutable _main;
    ICommunity private immutable _community;
    IERC20 private immutable _acb;

    Settings private _settings;
    RateCheckpoint[] private _pastRates;
    PastPreaching[] private _pastPreaching;
    mapping(address member => Account) private _accounts;
    Promised private _promised;

    /// @notice Deploys Revenue with a 60-second claim interval and preaching-gold rates of 10%, 5%
    ///         and 3%. The ACB claims pay is what the owner sends here.
    /// @param main_ Main, which may be deployed after this contract: its address is known ahead
    ///        (the deploy script computes it from the deployer's nonce and checks it)
    /// @param community_ Community, which names the settler and inviters of a claim
    /// @param acb_ The ACB token, in which claims are paid
    /// @param dailyRateBps_ What a record earns a day, in basis points of its value
    /// @param outMultiple_ The multiple of its value at which a record stops earning, 1 to 100
    /// @param owner_ The owner, who sets the rates and the claim interval
    constructor(
        IMain main_,
        ICommunity community_,
        IERC20 acb_,
        uint256 dailyRateBps_,
        uint256 outMultiple_,
        address owner_
    ) Ownable(owner_) {
        if (
            address(main_) == address(0) || address(community_) == address(0) || address(acb_) == address(0)
                || outMultiple_ == 0 || outMultiple_ > 100
        ) revert RevenueInvalidConfig();
        _main = main_;
        _community = community_;
        _acb = acb_;
        outMultiple = outMultiple_;
        _capIndex = outMultiple_ * INDEX_PER_VALUE;
        _settings.rateTime = uint40(block.timestamp);
        _setDailyRate(dailyRateBps_);
        _setClaimInterval(60);
        _setPreachingRates([uint256(1_000), 500, 300], true);
    }

    // ---------------------------------------------------------------- actions

    /// @inheritdoc IRevenueActions
    /// @dev Pays what the reserve can, in the order of docs/product/contracts.md §6: the member's
    ///      machine revenue, then dynamic revenue, then preaching gold of generations 1 to 3; the
    ///      rest stays waiting (ClaimedInPart).
    function claim(uint256 minAcb) external override nonReentrant returns (uint256 acbAmount) {
        uint256 waitingUsd;
        uint256 reserve;
        uint256 price;
        uint256 total;
        address settler;
        {
            Account storage account = _accounts[msg.sender];
            (Machine memory machine, EarlierGold memory earlier) = _accruedForClaim(account);
            waitingUsd = _waitingUsd(machine, account.bonusWaiting);
            if (waitingUsd == 0) revert RevenueNothingToClaim();
            price = _main.priceOf(address(_acb));
            reserve = _acb.balanceOf(address(this));
            (total, settler) = _payClaim(account, machine, earlier, waitingUsd, reserve * price / USD);
            if (total == 0) revert RevenueReserveShort(waitingUsd, reserve);
        }

        acbAmount = total * USD / price;
        if (acbAmount == 0) revert RevenueClaimPaysNothing(total, price);
        if (acbAmount < minAcb) revert RevenueClaimBelowMin(acbAmount, minAcb);
        emit Claimed(msg.sender, settler, total, acbAmount, price);
        if (total < waitingUsd) emit ClaimedInPart(msg.sender, total, waitingUsd - total, reserve);

        _acb.safeTransfer(settler, acbAmount);
    }

    /// @inheritdoc IRevenueActions
    function recordSynthesis(address member, uint256 hashrate, InviterReward[] calldata rewards) external override {
        if (msg.sender != address(_main)) revert RevenueNotMain(msg.sender);
        Account storage account = _accounts[member];
        Machine memory machine = account.machine;
        Records memory records = account.records;
        EarlierGold memory earlier = _earlierGoldOf(account, machine);
        // The new record earns from now: the earlier ones must have been accrued up to now.
        if (!_accrueToNow(member, account, machine, records, _settings, earlier)) revert RevenueOutBacklog(member);
        uint256 active = records.activeValue;
        if (active + hashrate > MAX_ACTIVE_POWER) revert RevenueActivePowerCapReached(active, MAX_ACTIVE_POWER);
        // The new record is the only active one: it sets when the oldest active record goes out.
        if (active == 0) records.nextOutAt = SafeCast.toUint48(machine.checkpoint + _capIndex);
        // Cast is safe: the active value stays at most MAX_ACTIVE_POWER.
        records.activeValue = uint64(active + hashrate);
        _storeMachine(account, machine, earlier);
        account.records = records;

        uint256 usdValue = hashrate * USD;
        uint256 added = usdValue * outMultiple;
        for (uint256 i = 0; i < rewards.length; ++i) {
            uint64 amountNano = SafeCast.toUint64(usdValue * rewards[i].rateBps / BPS / NANO);
            _accounts[rewards[i].inviter].bonusWaiting[DYNAMIC] += amountNano;
            added += uint256(amountNano) * NANO;
            emit DynamicRevenueCredited(rewards[i].inviter, member, uint256(amountNano) * NANO);
        }
        // Cast is safe: 2^128 wei (3.4e20 USD) is far beyond any supply of hashrate.
        _promised.owedUsd += uint128(added);
    }

    /// @inheritdoc IRevenueActions
    function processOutRecords(address member, uint256 maxRecords) external override returns (uint256 processed) {
        Account storage account = _accounts[member];
        Machine memory machine = account.machine;
        Records memory records = account.records;
        EarlierGold memory earlier = _earlierGoldOf(account, machine);
        uint256 outBefore = records.nextOut;
        _accrue(member, machine, records, _settings, earlier, maxRecords);
        processed = records.nextOut - outBefore;
        if (processed == 0) return 0;
        _storeMachine(account, machine, earlier);
        account.records = records;
        emit RecordsOut(member, records.nextOut);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IRevenueState
    function main() external view override returns (address) {
        return address(_main);
    }

    /// @inheritdoc IRevenueState
    function community() external view override returns (address) {
        return address(_community);
    }

    /// @inheritdoc IRevenueState
    function acb() external view override returns (address) {
        return address(_acb);
    }

    /// @inheritdoc IRevenueState
    function earningsOf(address member) external view override returns (Earnings memory earnings) {
        Account storage account = _accounts[member];
        Settings memory settings = _settings;
        Machine memory machine = account.machine;
        Records memory records = account.records;
        earnings.outBacklog = !_accrue(member, machine, records, settings, _earlierGoldOf(account, machine), MAX_OUT_PER_CALL);
        earnings.machineTotal = _toUsd(machine.earnedUnits);
        earnings.machineReceived = _toUsd(machine.paidUnits);
        earnings.machineWaiting = earnings.machineTotal - earnings.machineReceived;
        earnings.dynamicWaiting = uint256(account.bonusWaiting[DYNAMIC]) * NANO;
        earnings.dynamicReceived = uint256(account.bonusReceived[DYNAMIC]) * NANO;
        earnings.totalWaiting = earnings.machineWaiting + earnings.dynamicWaiting;
        for (uint256 generation = 0; generation < 3; ++generation) {
            earnings.preachingWaiting[generation] = uint256(account.bonusWaiting[generation + 1]) * NANO;
            earnings.preachingReceived[generation] = uint256(account.bonusReceived[generation + 1]) * NANO;
            earnings.totalWaiting += earnings.preachingWaiting[generation];
        }
        earnings.activeValue = records.activeValue;
        earnings.outCount = records.nextOut;
        earnings.lastClaimAt = machine.lastClaimAt;
        earnings.nextClaimAt = machine.lastClaimAt == 0 ? 0 : _nextClaimAt(machine.lastClaimAt, settings.claimInterval);
    }

    /// @inheritdoc IRevenueState
    function outCount(address member) external view override returns (uint256) {
        Account storage account = _accounts[member];
        Machine memory machine = account.machine;
        Records memory records = account.records;
        _accrue(member, machine, records, _settings, _earlierGoldOf(account, machine), MAX_OUT_PER_CALL);
        return records.nextOut;
    }

    /// @inheritdoc IRevenueState
    /// @dev Records reach their cap in the order they were made (every record earns at the same
    ///      rate), so those finished are a prefix: a binary search from the first one not taken
    ///      out, O(log n) reads of Main, however long the backlog.
    function finishedCount(address member) external view override returns (uint256) {
        Records memory records = _accounts[member].records;
        uint256 finished = records.nextOut;
        uint256 nowIndex = _indexNow(_settings);
        if (records.activeValue == 0 || records.nextOutAt > nowIndex) return finished;
        // Record `finished` has reached its cap; the search keeps `low` finished and `high` not
        // (or past the last record).
        uint256 low = finished;
        uint256 high = _main.recordCount(member);
        while (high - low > 1) {
            uint256 middle = (low + high) / 2;
            (uint256 time,) = _main.recordTimeAndHashrate(member, middle);
            if (_indexAt(time) + _capIndex <= nowIndex) low = middle;
            else high = middle;
        }
        return low + 1;
    }

    /// @inheritdoc IRevenueState
    function maxOutPerCall() external pure override returns (uint256) {
        return MAX_OUT_PER_CALL;
    }

    /// @inheritdoc IRevenueState
    function maxActivePower() external pure override returns (uint256) {
        return MAX_ACTIVE_POWER;
    }

    /// @inheritdoc IRevenueState
    function acbPrice() external view override returns (uint256) {
        return _main.priceOf(address(_acb));
    }

    /// @inheritdoc IRevenueState
    function backing() external view override returns (Backing memory) {
        Backing memory figures;
        figures.promisedUsd = _promised.owedUsd;
        figures.reserveAcb = _acb.balanceOf(address(this));
        figures.acbPrice = _main.priceOf(address(_acb));
        figures.reserveUsd = figures.reserveAcb * figures.acbPrice / USD;
        if (figures.promisedUsd > figures.reserveUsd) figures.shortfallUsd = figures.promisedUsd - figures.reserveUsd;
        return figures;
    }

    /// @inheritdoc IRevenueState
    function coverage() external view override returns (uint256 coveredUsd, uint256 owedUsd) {
        Promised memory promised = _promised;
        coveredUsd = promised.paidUsd + _acb.balanceOf(address(this)) * _main.priceOf(address(_acb)) / USD;
        owedUsd = uint256(promised.paidUsd) + promised.owedUsd;
    }

    /// @inheritdoc IRevenueState
    function claimableUsd(address member) external view override returns (uint256) {
        Account storage account = _accounts[member];
        Machine memory machine = account.machine;
        Records memory records = account.records;
        _accrue(member, machine, records, _settings, _earlierGoldOf(account, machine), MAX_OUT_PER_CALL);
        uint256 waitingUsd = _waitingUsd(machine, account.bonusWaiting);
        uint256 budget = _claimBudget(account, machine, waitingUsd, _acb.balanceOf(address(this)) * _main.priceOf(address(_acb)) / USD);
        return budget < waitingUsd ? budget : waitingUsd;
    }

    /// @inheritdoc IRevenueState
    function dailyRateBps() external view override returns (uint256) {
        return _settings.rateBps;
    }

    /// @inheritdoc IRevenueState
    function claimInterval() external view override returns (uint256) {
        return _settings.claimInterval;
    }

    /// @inheritdoc IRevenueState
    function preachingRatesBps() external view override returns (uint256[3] memory rates) {
        Settings memory settings = _settings;
        return [uint256(settings.preaching1Bps), settings.preaching2Bps, settings.preaching3Bps];
    }

    // ---------------------------------------------------------------- owner

    /// @inheritdoc IRevenueOwnerActions
    /// @dev Takes effect from now for every record: the index up to now is kept, so nothing earned
    ///      so far changes, and records still go out in the order they were made.
    function setDailyRate(uint256 dailyRateBps_) external override onlyOwner {
        _setDailyRate(dailyRateBps_);
    }

    /// @inheritdoc IRevenueOwnerActions
    /// @dev Takes effect for revenue earned from now: what members earned before is valued at the
    ///      rates it was earned under when they claim it (docs/product/contracts.md §6).
    function setPreachingRates(uint256[3] calldata ratesBps) external override onlyOwner {
        _setPreachingRates(ratesBps, false);
    }

    /// @inheritdoc IRevenueOwnerActions
    function setClaimInterval(uint256 interval) external override onlyOwner {
        _setClaimInterval(interval);
    }

    // ---------------------------------------------------------------- internal

    /// @dev `_accrue` for the state-changing paths: also stores the records' state and reports
    ///      with RecordsOut when records went out. The caller stores `machine` and `earlier`.
    function _accrueToNow(
        address member,
        Account storage account,
        Machine memory machine,
        Records memory records,
        Settings memory settings,
        EarlierGold memory earlier
    ) private returns (bool upToNow) {
        uint256 outBefore = records.nextOut;
        uint256 versionBefore = records.preachingVersion;
        upToNow = _accrue(member, machine, records, settings, earlier, MAX_OUT_PER_CALL);
        if (records.nextOut != outBefore || records.preachingVersion != versionBefore) account.records = records;
        if (records.nextOut != outBefore) emit RecordsOut(member, records.nextOut);
    }

    /// @dev Brings the member's machine revenue, in memory, up to now. Takes out the records that
    ///      have earned their cap, each once in its life, so the cost is O(1) amortised. When more
    ///      than `maxRecords` are due, accrues exactly up to the last one taken out and returns
    ///      false. Revenue earned under preaching rates that have changed since is first valued at
    ///      its own rates (`earlier`), one change at a time, as it was earned.
    function _accrue(
        address member,
        Machine memory machine,
        Records memory records,
        Settings memory settings,
        EarlierGold memory earlier,
        uint256 maxRecords
    ) private view returns (bool upToNow) {
        uint256 outBefore = records.nextOut;
        while (records.preachingVersion != settings.preachingVersion) {
            // Nothing earning and nothing waiting at the old rates: the current ones apply to what comes.
            if (records.activeValue == 0 && machine.earnedUnits - machine.paidUnits == earlier.units) {
                records.preachingVersion = settings.preachingVersion;
                break;
            }
            PastPreaching memory past = _pastPreaching[records.preachingVersion];
            if (!_accrueTo(member, machine, records, past.until, maxRecords - (records.nextOut - outBefore))) return false;
            _keepEarlierGold(machine, earlier, past);
            records.preachingVersion += 1;
        }
        return _accrueTo(member, machine, records, _indexNow(settings), maxRecords - (records.nextOut - outBefore));
    }

    /// @dev Accrues up to the global index `target` (at most `maxRecords` records taken out on the
    ///      way); false when more finished records stand before it.
    function _accrueTo(address member, Machine memory machine, Records memory records, uint256 target, uint256 maxRecords)
        private
        view
        returns (bool reached)
    {
        _takeOutRecords(member, machine, records, target, maxRecords);
        if (records.activeValue != 0 && records.nextOutAt <= target) return false;
        // Already past `target` (an accrual in the block that changed the rates): nothing to add.
        if (machine.checkpoint >= target) return true;
        machine.earnedUnits = SafeCast.toUint80(machine.earnedUnits + records.activeValue * (target - machine.checkpoint));
        machine.checkpoint = uint48(target);
        return true;
    }

    /// @dev The units waiting that were earned under `past` (all of them but those already kept):
    ///      kept with the gold their payment will credit at `past`'s rates.
    function _keepEarlierGold(Machine memory machine, EarlierGold memory earlier, PastPreaching memory past) private pure {
        uint256 units = machine.earnedUnits - machine.paidUnits - earlier.units;
        if (units == 0) return;
        uint256 usd = _toUsd(units);
        earlier.units += uint80(units);
        earlier.gold1Nano = SafeCast.toUint64(earlier.gold1Nano + usd * past.rate1Bps / BPS / NANO);
        earlier.gold2Nano = SafeCast.toUint64(earlier.gold2Nano + usd * past.rate2Bps / BPS / NANO);
        earlier.gold3Nano = SafeCast.toUint64(earlier.gold3Nano + usd * past.rate3Bps / BPS / NANO);
    }

    /// @dev The member's EarlierGold, read only when the member has some.
    function _earlierGoldOf(Account storage account, Machine memory machine) private view returns (EarlierGold memory earlier) {
        if (machine.earlierGold) earlier = account.earlierGold;
    }

    /// @dev Stores `machine`, and `earlier` when the member had or has some.
    function _storeMachine(Account storage account, Machine memory machine, EarlierGold memory earlier) private {
        bool has = earlier.units != 0;
        if (has || machine.earlierGold) account.earlierGold = earlier;
        machine.earlierGold = has;
        account.machine = machine;
    }

    /// @dev The caller's state for a claim, accrued up to now (with more records due than one call
    ///      takes out, up to the last one taken out); refuses a claim too soon after the last.
    function _accruedForClaim(Account storage account) private returns (Machine memory machine, EarlierGold memory earlier) {
        Settings memory settings = _settings;
        machine = account.machine;
        earlier = _earlierGoldOf(account, machine);
        _accrueToNow(msg.sender, account, machine, account.records, settings, earlier);
        // Too soon before `_nextClaimAt`; tested as `<= lastClaimAt + interval`, which costs less gas.
        if (machine.lastClaimAt != 0 && block.timestamp <= uint256(machine.lastClaimAt) + settings.claimInterval) {
            revert RevenueClaimTooSoon(_nextClaimAt(machine.lastClaimAt, settings.claimInterval));
        }
    }

    /// @dev Pays what the member may be paid of the `waitingUsd` they are owed (`_claimBudget`),
    ///      credits the preaching gold of the machine revenue paid, stores the member's state and
    ///      takes the payment off the promise. Returns the USD paid (0 when nothing could be) and
    ///      the settler it goes to.
    function _payClaim(
        Account storage account,
        Machine memory machine,
        EarlierGold memory earlier,
        uint256 waitingUsd,
        uint256 reserveUsd
    ) private returns (uint256 total, address settler) {
        uint256 paidBefore = machine.paidUnits;
        (uint256 machineRevenue, uint256 bonusNano) = _pay(account, machine, _claimBudget(account, machine, waitingUsd, reserveUsd));
        total = machineRevenue + bonusNano * NANO;
        if (total == 0) return (0, address(0));
        uint256[3] memory goldNano =
            _goldOnPayment(machine.paidUnits - paidBefore, machineRevenue, earlier, _ratesOf(account.records.preachingVersion));
        machine.lastClaimAt = uint40(block.timestamp);
        _storeMachine(account, machine, earlier);
        settler = _afterPayment(machineRevenue, bonusNano, goldNano);
    }

    /// @dev Pays up to `budget` USD: the machine revenue, then, once it is paid whole, the bonuses
    ///      (what is left of a budget short of it is less than one accrual unit, and no bonus goes
    ///      before it: docs/product/contracts.md §6). Returns what was paid of each.
    function _pay(Account storage account, Machine memory machine, uint256 budget)
        private
        returns (uint256 machineRevenue, uint256 bonusNano)
    {
        machineRevenue = _payMachine(machine, budget);
        if (machine.paidUnits == machine.earnedUnits) bonusNano = _payBonuses(account, account.bonusWaiting, budget - machineRevenue);
    }

    /// @dev What a claim may pay, in USD, of the `waitingUsd` the member is owed now, with a reserve
    ///      worth `reserveUsd`. A reserve short of the promise is shared: a member may receive, in all,
    ///      the share of everything they have ever been owed that Revenue's funds cover of everything
    ///      it has ever owed ((reserve + paid) / (promise + paid)), less what they have received. A
    ///      payment lowers the funds and the promise alike, so it leaves that share as it was: whoever
    ///      claims first, or again, gains nothing; a top-up raises it for everyone, a new record lowers
    ///      it for everyone (docs/decisions/governance.md). The rest stays waiting.
    function _claimBudget(Account storage account, Machine memory machine, uint256 waitingUsd, uint256 reserveUsd)
        private
        view
        returns (uint256)
    {
        Promised memory promised = _promised;
        if (promised.owedUsd <= reserveUsd) return reserveUsd;
        uint64[BONUS_KINDS] memory received = account.bonusReceived;
        uint256 receivedUsd = _toUsd(machine.paidUnits) + (uint256(received[0]) + received[1] + received[2] + received[3]) * NANO;
        uint256 entitled = (receivedUsd + waitingUsd) * (reserveUsd + promised.paidUsd) / (uint256(promised.owedUsd) + promised.paidUsd);
        if (entitled <= receivedUsd) return 0;
        // Never more than the reserve holds: a share of all ever owed can pass what is left of it.
        uint256 share = entitled - receivedUsd;
        return share < reserveUsd ? share : reserveUsd;
    }

    /// @dev The preaching-gold rates of `version`: the current ones, or those of the history. A
    ///      member's units not kept in EarlierGold were all earned under their records' version,
    ///      which is the current one unless a backlog of finished records stopped their accrual
    ///      before it caught up with the rate changes.
    function _ratesOf(uint256 version) private view returns (uint256[3] memory rates) {
        Settings memory settings = _settings;
        if (version == settings.preachingVersion) return [uint256(settings.preaching1Bps), settings.preaching2Bps, settings.preaching3Bps];
        PastPreaching memory past = _pastPreaching[version];
        return [uint256(past.rate1Bps), past.rate2Bps, past.rate3Bps];
    }

    /// @dev The preaching gold a payment of `unitsPaid` units (`usdPaid` USD) of machine revenue
    ///      credits each generation: the oldest units first, those kept in `earlier` at the rates
    ///      they were earned under (a part of them credits its share of their gold), the rest at
    ///      `rates`, those they were earned under (`_ratesOf`). Takes what it pays out of `earlier`.
    function _goldOnPayment(uint256 unitsPaid, uint256 usdPaid, EarlierGold memory earlier, uint256[3] memory rates)
        private
        pure
        returns (uint256[3] memory goldNano)
    {
        if (unitsPaid == 0) return goldNano;
        uint256 usdEarlier;
        if (earlier.units != 0) {
            uint256 fromEarlier = unitsPaid < earlier.units ? unitsPaid : earlier.units;
            goldNano[0] = uint256(earlier.gold1Nano) * fromEarlier / earlier.units;
            goldNano[1] = uint256(earlier.gold2Nano) * fromEarlier / earlier.units;
            goldNano[2] = uint256(earlier.gold3Nano) * fromEarlier / earlier.units;
            usdEarlier = usdPaid * fromEarlier / unitsPaid;
            // Casts are safe: each part is at most what it is taken from.
            earlier.units -= uint80(fromEarlier);
            earlier.gold1Nano -= uint64(goldNano[0]);
            earlier.gold2Nano -= uint64(goldNano[1]);
            earlier.gold3Nano -= uint64(goldNano[2]);
        }
        uint256 usdNow = usdPaid - usdEarlier;
        for (uint256 g = 0; g < 3; ++g) goldNano[g] += usdNow * rates[g] / BPS / NANO;
    }

    /// @dev Takes out, oldest first, up to `maxRecords` records whose cap lies at or before `nowIndex`,
    ///      accruing exactly up to each one's cap. Leaves the checkpoint at the last cap reached.
    function _takeOutRecords(
        address member,
        Machine memory machine,
        Records memory records,
        uint256 nowIndex,
        uint256 maxRecords
    ) private view {
        for (uint256 taken = 0; taken < maxRecords && records.activeValue != 0 && records.nextOutAt <= nowIndex; ++taken) {
            machine.earnedUnits =
                SafeCast.toUint80(machine.earnedUnits + records.activeValue * (records.nextOutAt - machine.checkpoint));
            machine.checkpoint = records.nextOutAt;
            (, uint256 hashrate) = _main.recordTimeAndHashrate(member, records.nextOut);
            records.activeValue -= uint64(hashrate);
            records.nextOut += 1;
            if (records.activeValue != 0) {
                (uint256 time,) = _main.recordTimeAndHashrate(member, records.nextOut);
                records.nextOutAt = SafeCast.toUint48(_indexAt(time) + _capIndex);
            }
        }
    }

    /// @dev After a claim paid the caller: credits the preaching gold of the machine revenue paid,
    ///      and takes what was paid off the promise (adding the gold credited). Returns the settler.
    function _afterPayment(uint256 machineRevenue, uint256 bonusNano, uint256[3] memory goldNano) private returns (address settler) {
        address[3] memory inviters;
        (settler, inviters) = _community.payoutRoute(msg.sender);
        uint256 creditedNano;
        if (machineRevenue != 0) creditedNano = _creditPreachingGold(msg.sender, goldNano, inviters);
        uint256 paid = machineRevenue + bonusNano * NANO;
        Promised memory promised = _promised;
        // Casts are safe: what is paid was promised, and the gold credited is three 64-bit amounts.
        promised.owedUsd = uint128(promised.owedUsd - paid + creditedNano * NANO);
        promised.paidUsd += uint128(paid);
        _promised = promised;
    }

    /// @dev Everything a claim would pay with a reserve large enough, in USD: machine revenue as the
    ///      difference of rounded totals (so that what is received adds up to what was earned), and
    ///      the bonuses waiting.
    function _waitingUsd(Machine memory machine, uint64[BONUS_KINDS] memory waiting) private pure returns (uint256) {
        return _toUsd(machine.earnedUnits) - _toUsd(machine.paidUnits)
            + (uint256(waiting[0]) + waiting[1] + waiting[2] + waiting[3]) * NANO;
    }

    /// @dev Pays machine revenue up to `budget` USD: all of it, or the most whole units that fit.
    ///      Moves `machine.paidUnits` in memory; returns the USD paid.
    function _payMachine(Machine memory machine, uint256 budget) private pure returns (uint256 paid) {
        uint256 before = _toUsd(machine.paidUnits);
        paid = _toUsd(machine.earnedUnits) - before;
        if (paid <= budget) {
            machine.paidUnits = machine.earnedUnits;
            return paid;
        }
        // The most units whose rounded total stays within the budget (toUsd(u) <= before + budget
        // exactly when u * USD < (before + budget + 1) * INDEX_PER_VALUE); never fewer than paid.
        uint256 units = ((before + budget + 1) * INDEX_PER_VALUE - 1) / USD;
        // Cast is safe: units < earnedUnits, since the budget is short of what is waiting.
        if (units > machine.paidUnits) machine.paidUnits = uint80(units);
        paid = _toUsd(machine.paidUnits) - before;
    }

    /// @dev Pays the bonuses waiting, kind by kind in order, up to `budget` USD; what does not fit
    ///      stays waiting. Returns the nano-USD paid.
    function _payBonuses(Account storage account, uint64[BONUS_KINDS] memory waiting, uint256 budget)
        private
        returns (uint256 paidNano)
    {
        if ((waiting[0] | waiting[1] | waiting[2] | waiting[3]) == 0) return 0;
        uint256 room = budget / NANO;
        for (uint256 kind = 0; kind < BONUS_KINDS && room != 0; ++kind) {
            // Cast is safe: at most the 64-bit amount waiting.
            uint64 amount = uint64(waiting[kind] < room ? waiting[kind] : room);
            if (amount == 0) continue;
            room -= amount;
            paidNano += amount;
            account.bonusWaiting[kind] = waiting[kind] - amount;
            account.bonusReceived[kind] += amount;
        }
    }

    /// @dev Credits each of the first three inviters their generation's gold of the machine revenue
    ///      paid (`_goldOnPayment`). Returns the nano-USD credited.
    function _creditPreachingGold(address member, uint256[3] memory goldNano, address[3] memory inviters)
        private
        returns (uint256 creditedNano)
    {
        for (uint256 i = 0; i < 3 && inviters[i] != address(0); ++i) {
            uint64 amountNano = SafeCast.toUint64(goldNano[i]);
            if (amountNano == 0) continue;
            _accounts[inviters[i]].bonusWaiting[i + 1] += amountNano;
            creditedNano += amountNano;
            emit PreachingGoldCredited(inviters[i], member, i + 1, uint256(amountNano) * NANO);
        }
    }

    /// @dev The first time a member who last claimed at `lastClaimAt` may claim again: the interval
    ///      must have passed strictly, so a claim exactly `claimInterval` seconds later is refused.
    function _nextClaimAt(uint256 lastClaimAt, uint256 interval) private pure returns (uint256) {
        return lastClaimAt + interval + 1;
    }

    /// @dev USD (18 decimals) of value-index units: one unit is one whole USD over one index step.
    function _toUsd(uint256 units) private pure returns (uint256) {
        return units * USD / INDEX_PER_VALUE;
    }

    function _indexNow(Settings memory settings) private view returns (uint256) {
        return settings.rateIndex + uint256(settings.rateBps) * (block.timestamp - settings.rateTime);
    }

    /// @dev The global index at a past `time`: binary search over the rate changes (owner actions,
    ///      so the list stays short; nothing a member does adds to it).
    function _indexAt(uint256 time) private view returns (uint256) {
        Settings memory settings = _settings;
        if (time >= settings.rateTime) return settings.rateIndex + uint256(settings.rateBps) * (time - settings.rateTime);
        uint256 low = 0;
        uint256 high = _pastRates.length;
        while (high - low > 1) {
            uint256 middle = (low + high) / 2;
            if (_pastRates[middle].time <= time) low = middle;
            else high = middle;
        }
        RateCheckpoint memory past = _pastRates[low];
        return past.index + uint256(past.rateBps) * (time - past.time);
    }

    function _setDailyRate(uint256 dailyRateBps_) private {
        if (dailyRateBps_ > BPS) revert RevenueInvalidConfig();
        Settings memory current = _settings;
        if (block.timestamp != current.rateTime) {
            _pastRates.push(RateCheckpoint(current.rateTime, current.rateIndex, current.rateBps));
            _settings.rateIndex = SafeCast.toUint48(_indexNow(current));
            _settings.rateTime = uint40(block.timestamp);
        }
        // Otherwise no time has passed under the current rate: it is simply replaced.
        _settings.rateBps = uint16(dailyRateBps_);
        emit DailyRateSet(dailyRateBps_);
    }

    /// @dev A change keeps the rates it replaces, and the index up to which they applied, as the
    ///      next version of the history; the deploy's first rates (`initial`) replace nothing.
    function _setPreachingRates(uint256[3] memory ratesBps, bool initial) private {
        if (ratesBps[0] + ratesBps[1] + ratesBps[2] > BPS) revert RevenueInvalidConfig();
        if (!initial) {
            Settings memory current = _settings;
            _pastPreaching.push(
                PastPreaching({
                    until: SafeCast.toUint48(_indexNow(current)),
                    rate1Bps: current.preaching1Bps,
                    rate2Bps: current.preaching2Bps,
                    rate3Bps: current.preaching3Bps
                })
            );
            _settings.preachingVersion = current.preachingVersion + 1;
        }
        _settings.preaching1Bps = uint16(ratesBps[0]);
        _settings.preaching2Bps = uint16(ratesBps[1]);
        _settings.preaching3Bps = uint16(ratesBps[2]);
        emit PreachingRatesSet(ratesBps);
    }

    function _setClaimInterval(uint256 interval) private {
        if (interval > 1 days) revert RevenueInvalidConfig();
        _settings.claimInterval = uint32(interval);
        emit ClaimIntervalSet(interval);
    }
}
