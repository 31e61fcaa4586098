// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

import {IBurnable} from "./interfaces/IBurnable.sol";
import {ICommunity} from "./interfaces/ICommunity.sol";
import {IMain} from "./interfaces/IMain.sol";
import {IMainActions} from "./interfaces/main/IMainActions.sol";
import {IMainOwnerActions} from "./interfaces/main/IMainOwnerActions.sol";
import {IMainState} from "./interfaces/main/IMainState.sol";
import {IRevenue} from "./interfaces/IRevenue.sol";
import {InviterReward} from "./interfaces/InviterReward.sol";
import {Paging} from "./libraries/Paging.sol";

/// @title Main mock: synthesis of hashrate, merge records, the price table and the reward pools
/// @notice Implements the product's Main ABI with the rules of docs/product/contracts.md §2 to §4.
contract Main is IMain, Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    uint256 private constant BPS = 10_000;
    /// @dev One hashrate unit is worth one USD; USD amounts carry 18 decimals.
    uint256 private constant USD = 1e18;
    uint256 private constant MAX_HASHRATE = 1e9;
    /// @dev Bounds that keep every cost within a uint128 for any accepted hashrate.
    uint256 private constant MIN_PRICE = 1e9;
    uint256 private constant MAX_PRICE = type(uint96).max;
    uint256 private constant MAX_TOKENS = type(uint8).max;
    /// @dev A prize is stored in 96 bits: a pool stops growing there (79 billion USDT).
    uint256 private constant MAX_POOL = type(uint96).max;
    /// @dev The loosest price guard an owner may set: a step of at most 20% at once, and a wait of
    ///      at least a day (at most 30 days) for anything more. A day at least: with an hour, 24
    ///      unannounced 20% steps a day took MV to 0.47% of its price, where the design promises a
    ///      day's warning of every large move (docs/decisions/price-guard.md).
    uint256 private constant MAX_PRICE_STEP_BPS = 2_000;
    uint256 private constant MIN_PRICE_DELAY = 1 days;
    uint256 private constant MAX_PRICE_DELAY = 30 days;
    /// @dev Countdowns a member can wait out: a longer one would hold the pools' USDT for years.
    uint256 private constant MAX_LUCKY_DURATION = 1 days;
    uint256 private constant MAX_ROUND_DURATION = 30 days;

    /// @dev Whether a token pays for synthesis: ENABLING waits for `Pending.enableAt`
    ///      (docs/product/contracts.md §4), read lazily as a scheduled price is.
    uint8 private constant DISABLED = 0;
    uint8 private constant ENABLED = 1;
    uint8 private constant ENABLING = 2;

    /// @dev A token's price and synthesis rule, read in one slot. `id` (1-based) names the token in
    ///      the packed merge records; zero means the token was never priced. A scheduled price
    ///      (`Pending.price`) replaces `price` from `pendingAt` on; `changedAt` is when the price
    ///      in force last changed. `status` is DISABLED, ENABLED or ENABLING: the slot is full, so
    ///      a scheduled enabling keeps its time beside the scheduled price.
    struct TokenSettings {
        uint96 price;
        uint8 id;
        uint8 status;
        uint32 multiple;
        uint32 minimum;
        uint40 changedAt;
        uint40 pendingAt;
    }

    /// @dev What a token has scheduled: a price, and when a scheduled enabling applies.
    struct Pending {
        uint96 price;
        uint40 enableAt;
    }

    /// @dev How far an owner may move a price at once, and how long a larger move waits. A looser
    ///      guard (`pendingStepBps`, `pendingDelay`) replaces it from `pendingAt` on, read lazily as
    ///      a scheduled price is; all in one slot, read once by `setPrice`. `usdtStepAt` and
    ///      `otherStepAt` are the last moves applied at once of USDT and of any other token: an MV
    ///      order fills at the MV / USDT ratio, so within one delay only one side of it may step.
    struct PriceGuardSettings {
        uint16 stepBps;
        uint32 delay;
        uint16 pendingStepBps;
        uint32 pendingDelay;
        uint40 pendingAt;
        uint40 usdtStepAt;
        uint40 otherStepAt;
    }

    struct Miner {
        uint64 recordCount;
        uint64 power;
    }

    /// @dev One slot per merge record. Whether it is out is Revenue's to say.
    struct Record {
        uint8 tokenId;
        uint64 hashrate;
        uint40 time;
        uint128 cost;
    }

    struct PoolSettings {
        address treasury;
        uint16 luckyShareBps;
        uint16 maxShareBps;
        uint32 luckyDuration;
        uint32 roundDuration;
    }

    /// @dev Written by every synthesis, so the two hot figures share one slot.
    struct Countdown {
        address lastMiner;
        uint40 luckyEndsAt;
    }

    struct PoolAmounts {
        uint128 lucky;
        uint128 max;
    }

    struct MaxRound {
        address leader;
        uint56 leaderHashrate;
        uint40 endsAt;
    }

    struct Prize {
        address winner;
        uint96 amount;
    }

    struct Rounds {
        uint64 luckySettled;
        // The max-machine round in progress, counted from 1.
        uint64 maxRound;
    }

    /// @dev A prize to pay once every effect of the call is written.
    struct Payout {
        address winner;
        uint256 amount;
    }

    ICommunity private immutable _community;
    IRevenue private immutable _revenue;
    /// @inheritdoc IMainState
    address public immutable override acb;
    /// @inheritdoc IMainState
    address public immutable override usdt;

    PoolSettings private _poolSettings;
    Countdown private _countdown;
    PoolAmounts private _pools;
    MaxRound private _maxRound;
    Prize private _lastLuckyPrize;
    Prize private _lastMaxPrize;
    Rounds private _rounds;
    uint256 private _totalAcbBurned;
    PriceGuardSettings private _priceGuard;

    mapping(address token => TokenSettings) private _tokens;
    mapping(address token => Pending) private _pending;
    address[] private _tokenList;
    mapping(address member => Miner) private _miners;
    mapping(address member => mapping(uint256 index => Record)) private _records;

    /// @notice Deploys Main with the default pools (5% each, a 10-minute countdown, 24-hour rounds, the
    ///         first ending a day from now) and price guard (10% at once, at most once a day). Tokens
    ///         are priced and enabled afterwards by the owner (setPrice, setSynthesisRule): at once
    ///         until the first synthesis, announced a delay ahead after it.
    /// @param community_ The Community contract; its `main` must be this contract
    /// @param revenue_ The Revenue contract; its `main` must be this contract
    /// @param acb_ The ACB token: burned when it pays for synthesis, and priced for claims
    /// @param usdt_ The USDT token, in which the pools are paid
    /// @param treasury_ Where syntheses paid in other tokens send their cost
    /// @param owner_ The owner, who sets prices, rules and pools
    constructor(
        ICommunity community_,
        IRevenue revenue_,
        address acb_,
        address usdt_,
        address treasury_,
        address owner_
    ) Ownable(owner_) {
        if (
            address(community_) == address(0) || address(revenue_) == address(0) || acb_ == address(0)
                || usdt_ == address(0)
        ) revert MainInvalidConfig();
        _community = community_;
        _revenue = revenue_;
        acb = acb_;
        usdt = usdt_;
        _setTreasury(treasury_);
        _setPoolConfig(500, 500, 10 minutes, 1 days);
        _applyPriceGuard(1_000, 1 days);
        _maxRound.endsAt = uint40(block.timestamp + 1 days);
        _rounds.maxRound = 1;
        emit MaxRoundStarted(1, block.timestamp + 1 days);
    }

    // ---------------------------------------------------------------- actions

    /// @inheritdoc IMainActions
    function synthesize(address token, uint256 hashrate, uint256 maxCost)
        external
        override
        nonReentrant
        returns (uint256 index)
    {
        (uint8 tokenId, uint256 cost) = _checkSynthesis(token, hashrate, maxCost);
        index = _appendRecord(msg.sender, tokenId, hashrate, cost);
        PoolSettings memory settings = _poolSettings;
        (Payout memory luckyPrize, Payout memory maxPrize) = _addToPools(msg.sender, hashrate, settings);
        emit Synthesized(msg.sender, token, index, hashrate, cost, hashrate * USD);
        bool burns = token == acb;
        if (burns) {
            _totalAcbBurned += cost;
            emit AcbBurned(msg.sender, cost, _totalAcbBurned);
        }

        InviterReward[] memory rewards = _community.recordPerformance(msg.sender, hashrate);
        _revenue.recordSynthesis(msg.sender, hashrate, rewards);
        if (burns) {
            IERC20(token).safeTransferFrom(msg.sender, address(this), cost);
            IBurnable(token).burn(cost);
        } else {
            IERC20(token).safeTransferFrom(msg.sender, settings.treasury, cost);
        }
        _pay(luckyPrize);
        _pay(maxPrize);
    }

    /// @inheritdoc IMainActions
    function settleLuckyPool() external override nonReentrant {
        Countdown memory countdown = _countdown;
        if (block.timestamp < countdown.luckyEndsAt) revert MainPoolNotExpired(countdown.luckyEndsAt);
        PoolAmounts memory amounts = _pools;
        Payout memory prize = _closeLuckyRound(countdown, amounts);
        if (prize.amount == 0) revert MainNothingToSettle();
        _pools = amounts;
        _pay(prize);
    }

    /// @inheritdoc IMainActions
    function settleMaxPool() external override nonReentrant {
        MaxRound memory round = _maxRound;
        if (block.timestamp < round.endsAt) revert MainPoolNotExpired(round.endsAt);
        if (round.leader == address(0)) revert MainNothingToSettle();
        PoolAmounts memory amounts = _pools;
        Payout memory prize = _closeMaxRound(round, amounts, _poolSettings.roundDuration);
        _maxRound = round;
        _pools = amounts;
        _pay(prize);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IMainState
    function community() external view override returns (address) {
        return address(_community);
    }

    /// @inheritdoc IMainState
    function revenue() external view override returns (address) {
        return address(_revenue);
    }

    /// @inheritdoc IMainState
    function treasury() external view override returns (address) {
        return _poolSettings.treasury;
    }

    /// @inheritdoc IMainState
    function priceOf(address token) external view override returns (uint256) {
        return _settingsOf(token).price;
    }

    /// @inheritdoc IMainState
    function pendingPrice(address token) external view override returns (uint256 price, uint256 effectiveAt) {
        TokenSettings memory settings = _settingsOf(token);
        if (settings.pendingAt == 0) return (0, 0);
        return (_pending[token].price, settings.pendingAt);
    }

    /// @inheritdoc IMainState
    function pendingEnabling(address token) external view override returns (uint256 effectiveAt) {
        if (_settingsOf(token).status != ENABLING) return 0;
        return _pending[token].enableAt;
    }

    /// @inheritdoc IMainState
    function launched() public view override returns (bool) {
        return _countdown.lastMiner != address(0);
    }

    /// @inheritdoc IMainState
    function priceGuard() external view override returns (uint256 stepBps, uint256 delay) {
        PriceGuardSettings memory guard = _guardNow();
        return (guard.stepBps, guard.delay);
    }

    /// @inheritdoc IMainState
    function pendingPriceGuard() external view override returns (uint256 stepBps, uint256 delay, uint256 effectiveAt) {
        PriceGuardSettings memory guard = _guardNow();
        return (guard.pendingStepBps, guard.pendingDelay, guard.pendingAt);
    }

    /// @inheritdoc IMainState
    function tokenRule(address token) public view override returns (TokenRule memory) {
        TokenSettings memory settings = _settingsOf(token);
        return TokenRule(token, settings.price, settings.multiple, settings.minimum, settings.status == ENABLED);
    }

    /// @inheritdoc IMainState
    function tokenRules() external view override returns (TokenRule[] memory rules) {
        rules = new TokenRule[](_tokenList.length);
        for (uint256 i = 0; i < rules.length; ++i) {
            rules[i] = tokenRule(_tokenList[i]);
        }
    }

    /// @inheritdoc IMainState
    function costOf(address token, uint256 hashrate) external view override returns (uint256) {
        uint256 price = _settingsOf(token).price;
        if (price == 0) revert MainUnsupportedToken(token);
        return _cost(price, hashrate);
    }

    /// @inheritdoc IMainState
    function maxHashrate() external pure override returns (uint256) {
        return MAX_HASHRATE;
    }

    /// @inheritdoc IMainState
    function powerOf(address member) external view override returns (uint256) {
        return _miners[member].power;
    }

    /// @inheritdoc IMainState
    function recordCount(address member) external view override returns (uint256) {
        return _miners[member].recordCount;
    }

    /// @inheritdoc IMainState
    function recordOf(address member, uint256 index) external view override returns (MergeRecord memory) {
        if (index >= _miners[member].recordCount) revert MainUnknownRecord(member, index);
        return _mergeRecord(member, index, _revenue.finishedCount(member));
    }

    /// @inheritdoc IMainState
    function recordTimeAndHashrate(address member, uint256 index)
        external
        view
        override
        returns (uint256 time, uint256 hashrate)
    {
        if (index >= _miners[member].recordCount) revert MainUnknownRecord(member, index);
        Record memory record = _records[member][index];
        return (record.time, record.hashrate);
    }

    /// @inheritdoc IMainState
    function recordsOf(address member, uint256 offset, uint256 limit)
        external
        view
        override
        returns (MergeRecord[] memory page)
    {
        uint256 count = _miners[member].recordCount;
        uint256 end = Paging.pageEnd(count, offset, limit);
        page = new MergeRecord[](end - offset);
        if (page.length == 0) return page;
        uint256 out = _revenue.finishedCount(member);
        for (uint256 i = offset; i < end; ++i) {
            page[i - offset] = _mergeRecord(member, count - 1 - i, out);
        }
    }

    /// @inheritdoc IMainState
    function lastMiner() external view override returns (address) {
        return _countdown.lastMiner;
    }

    /// @inheritdoc IMainState
    function totalAcbBurned() external view override returns (uint256) {
        return _totalAcbBurned;
    }

    /// @inheritdoc IMainState
    function luckyPool() external view override returns (LuckyPool memory) {
        Countdown memory countdown = _countdown;
        Prize memory last = _lastLuckyPrize;
        return LuckyPool({
            amount: _pools.lucky,
            endsAt: countdown.luckyEndsAt,
            lastMiner: countdown.lastMiner,
            lastWinner: last.winner,
            lastPrize: last.amount,
            round: uint256(_rounds.luckySettled) + 1
        });
    }

    /// @inheritdoc IMainState
    function maxPool() external view override returns (MaxPool memory) {
        MaxRound memory current = _maxRound;
        Prize memory last = _lastMaxPrize;
        return MaxPool({
            amount: _pools.max,
            endsAt: current.endsAt,
            leader: current.leader,
            leaderHashrate: current.leaderHashrate,
            lastWinner: last.winner,
            lastPrize: last.amount,
            round: _rounds.maxRound
        });
    }

    /// @inheritdoc IMainState
    function poolConfig()
        external
        view
        override
        returns (uint256 luckyShareBps, uint256 maxShareBps, uint256 luckyDuration, uint256 roundDuration)
    {
        PoolSettings memory settings = _poolSettings;
        return (settings.luckyShareBps, settings.maxShareBps, settings.luckyDuration, settings.roundDuration);
    }

    // ---------------------------------------------------------------- owner

    /// @inheritdoc IMainOwnerActions
    /// @dev Before launch, a first price applies at once. A price equal to the one in force (which
    ///      cancels a scheduled change), or a move within the step at least `delay` after the last
    ///      change, applies at once. Anything else, a first price after launch included, is
    ///      scheduled for `delay` from now, replacing a change already scheduled.
    function setPrice(address token, uint256 price) external override onlyOwner {
        if (token == address(0) || price < MIN_PRICE || price > MAX_PRICE) revert MainInvalidConfig();
        TokenSettings memory settings = _settingsOf(token);
        PriceGuardSettings memory guard = _guardNow();
        bool first = settings.id == 0;
        if (first) {
            if (_tokenList.length >= MAX_TOKENS) revert MainInvalidConfig();
            _tokenList.push(token);
            settings.id = uint8(_tokenList.length);
        }
        if (first ? launched() : price != settings.price && !_withinStep(token, settings, price, guard)) {
            // Cast is safe: the delay is at most MAX_PRICE_DELAY.
            settings.pendingAt = uint40(block.timestamp + guard.delay);
            _tokens[token] = settings;
            _pending[token].price = uint96(price);
            emit PriceChangeScheduled(token, settings.price, price, settings.pendingAt);
            return;
        }
        if (price != settings.price) {
            // A step of a priced token: the other side of the MV / USDT ratio may not step for a delay.
            if (settings.price != 0) _recordStep(token);
            settings.changedAt = uint40(block.timestamp);
        }
        settings.price = uint96(price);
        settings.pendingAt = 0;
        _tokens[token] = settings;
        emit PriceSet(token, price);
    }

    /// @inheritdoc IMainOwnerActions
    /// @dev Loosening the guard is itself a price-rule change: without the wait, an owner could
    ///      widen the guard and then walk a price down a wide step each short delay, unannounced.
    function setPriceGuard(uint256 stepBps, uint256 delay) external override onlyOwner {
        _checkPriceGuard(stepBps, delay);
        PriceGuardSettings memory guard = _guardNow();
        if (stepBps <= guard.stepBps && delay >= guard.delay) {
            _applyPriceGuard(stepBps, delay);
            return;
        }
        // Cast is safe: the delay in force is at most MAX_PRICE_DELAY.
        uint40 effectiveAt = uint40(block.timestamp + guard.delay);
        guard.pendingStepBps = uint16(stepBps);
        guard.pendingDelay = uint32(delay);
        guard.pendingAt = effectiveAt;
        _priceGuard = guard;
        emit PriceGuardScheduled(stepBps, delay, effectiveAt);
    }

    /// @inheritdoc IMainOwnerActions
    /// @dev Enabling after launch waits the price guard's delay, as a large price move does: a
    ///      token priced while disabled (its price walked anywhere unwatched) would otherwise sell
    ///      hashrate at that price at once. Disabling, and the multiple and minimum, apply at once.
    function setSynthesisRule(address token, uint256 multiple, uint256 minimum, bool enabled)
        external
        override
        onlyOwner
    {
        TokenSettings memory settings = _settingsOf(token);
        if (settings.id == 0) revert MainUnsupportedToken(token);
        if (multiple == 0 || minimum < multiple || minimum % multiple != 0 || minimum > MAX_HASHRATE) {
            revert MainInvalidConfig();
        }
        settings.multiple = uint32(multiple);
        settings.minimum = uint32(minimum);
        uint256 enableAt;
        if (!enabled) {
            settings.status = DISABLED;
        } else if (settings.status == ENABLING) {
            enableAt = _pending[token].enableAt;
        } else if (settings.status == DISABLED) {
            if (launched()) {
                settings.status = ENABLING;
                // Cast is safe: the delay is at most MAX_PRICE_DELAY.
                enableAt = block.timestamp + _guardNow().delay;
                _pending[token].enableAt = uint40(enableAt);
            } else {
                settings.status = ENABLED;
            }
        }
        _tokens[token] = settings;
        emit SynthesisRuleSet(token, multiple, minimum, settings.status == ENABLED);
        if (enableAt != 0) emit SynthesisEnablingScheduled(token, enableAt);
    }

    /// @inheritdoc IMainOwnerActions
    function setPoolConfig(uint256 luckyShareBps, uint256 maxShareBps, uint256 luckyDuration, uint256 roundDuration)
        external
        override
        onlyOwner
    {
        _setPoolConfig(luckyShareBps, maxShareBps, luckyDuration, roundDuration);
    }

    /// @inheritdoc IMainOwnerActions
    function setTreasury(address treasury_) external override onlyOwner {
        _setTreasury(treasury_);
    }

    /// @inheritdoc IMainOwnerActions
    function rescue(address token, address to, uint256 amount) external override onlyOwner nonReentrant {
        if (to == address(0)) revert MainInvalidConfig();
        uint256 free = IERC20(token).balanceOf(address(this));
        // The USDT the pools promise belongs to their winners.
        if (token == usdt) free = _freeReserve(_pools);
        if (amount > free) revert MainRescueExceedsFree(token, free, amount);
        emit Rescued(token, to, amount);
        IERC20(token).safeTransfer(to, amount);
    }

    // ---------------------------------------------------------------- internal

    /// @dev A token's settings with its scheduled price and enabling applied once due. Synthesis
    ///      pays the second read only while a change is scheduled. The rule an indexer replays to
    ///      find the price in force from events is docs/product/contracts.md §4.
    function _settingsOf(address token) private view returns (TokenSettings memory settings) {
        settings = _tokens[token];
        bool priceDue = settings.pendingAt != 0 && block.timestamp >= settings.pendingAt;
        if (!priceDue && settings.status != ENABLING) return settings;
        Pending memory pending = _pending[token];
        if (priceDue) {
            settings.price = pending.price;
            settings.changedAt = settings.pendingAt;
            settings.pendingAt = 0;
        }
        if (settings.status == ENABLING && block.timestamp >= pending.enableAt) settings.status = ENABLED;
    }

    /// @dev The price guard in force now: a scheduled looser guard applies from its time on.
    function _guardNow() private view returns (PriceGuardSettings memory guard) {
        guard = _priceGuard;
        if (guard.pendingAt != 0 && block.timestamp >= guard.pendingAt) {
            (guard.stepBps, guard.delay) = (guard.pendingStepBps, guard.pendingDelay);
            (guard.pendingStepBps, guard.pendingDelay, guard.pendingAt) = (0, 0, 0);
        }
    }

    /// @dev Whether moving to `price` may apply at once: within the step of the price in force, at
    ///      least `delay` after its last change, so that in any `delay` a price moves one step at
    ///      most; and at least `delay` after the last step of the other side of a ratio to USDT
    ///      (USDT for any token, any token for USDT), so that what an MV seller receives moves one
    ///      step at most too (docs/decisions/price-guard.md).
    function _withinStep(address token, TokenSettings memory settings, uint256 price, PriceGuardSettings memory guard)
        private
        view
        returns (bool)
    {
        uint256 current = settings.price;
        uint256 change = price > current ? price - current : current - price;
        uint256 otherSideAt = token == usdt ? guard.otherStepAt : guard.usdtStepAt;
        return change * BPS <= current * guard.stepBps && block.timestamp >= uint256(settings.changedAt) + guard.delay
            && block.timestamp >= otherSideAt + guard.delay;
    }

    /// @dev Notes a move applied at once, for `_withinStep`'s ratio rule.
    function _recordStep(address token) private {
        if (token == usdt) _priceGuard.usdtStepAt = uint40(block.timestamp);
        else _priceGuard.otherStepAt = uint40(block.timestamp);
    }

    /// @dev Every check of a synthesis: the token, the hashrate, the payer's own bound on the cost,
    ///      and that the payer holds the cost, then that they have authorised it: balance first, as
    ///      Swap and MvMarket check, so a payer short of both gets the same answer everywhere.
    function _checkSynthesis(address token, uint256 hashrate, uint256 maxCost)
        private
        view
        returns (uint8 tokenId, uint256 cost)
    {
        TokenSettings memory rule = _settingsOf(token);
        // An enabled token whose first price is still announced cannot be paid with yet.
        if (rule.status != ENABLED || rule.price == 0) revert MainUnsupportedToken(token);
        // The minimum is a positive multiple of `multiple`, so this also refuses zero.
        if (hashrate < rule.minimum || hashrate % rule.multiple != 0 || hashrate > MAX_HASHRATE) {
            revert MainInvalidHashrate(hashrate, rule.multiple, rule.minimum);
        }
        cost = _cost(rule.price, hashrate);
        if (cost > maxCost) revert MainCostAboveMax(cost, maxCost);
        uint256 balance = IERC20(token).balanceOf(msg.sender);
        if (balance < cost) revert MainBalanceTooLow(token, balance, cost);
        uint256 allowance = IERC20(token).allowance(msg.sender, address(this));
        if (allowance < cost) revert MainAllowanceTooLow(token, allowance, cost);
        return (rule.id, cost);
    }

    /// @dev Stores the payer's next merge record and adds its hashrate to their power.
    function _appendRecord(address payer, uint8 tokenId, uint256 hashrate, uint256 cost) private returns (uint256 index) {
        Miner memory miner = _miners[payer];
        index = miner.recordCount;
        // Casts are safe: hashrate <= MAX_HASHRATE, time fits 40 bits for 30,000 years, cost < 2^128
        // because price >= MIN_PRICE. Lifetime power would need 18 billion syntheses to overflow
        // (checked arithmetic); the cap on active power is Revenue's.
        _records[payer][index] = Record(tokenId, uint64(hashrate), uint40(block.timestamp), uint128(cost));
        _miners[payer] = Miner(miner.recordCount + 1, miner.power + uint64(hashrate));
    }

    /// @dev Closes the rounds that have ended, then adds this synthesis: its shares go to the pools,
    ///      its payer becomes the last miner and restarts the lucky countdown, and it may lead the
    ///      max-machine round. Returns the prizes of the rounds it closed (zero amounts when none),
    ///      which the caller pays once every effect of the synthesis is written.
    function _addToPools(address payer, uint256 hashrate, PoolSettings memory settings)
        private
        returns (Payout memory luckyPrize, Payout memory maxPrize)
    {
        PoolAmounts memory amounts = _pools;
        uint256 free = _freeReserve(amounts);
        Countdown memory countdown = _countdown;
        // A countdown that reached zero has its winner: the last miner then, not this payer.
        if (countdown.luckyEndsAt != 0 && block.timestamp >= countdown.luckyEndsAt) {
            luckyPrize = _closeLuckyRound(countdown, amounts);
        }
        MaxRound memory round = _maxRound;
        bool roundChanged = block.timestamp >= round.endsAt;
        if (roundChanged) maxPrize = _closeMaxRound(round, amounts, settings.roundDuration);

        _addShares(amounts, hashrate * USD, settings, free);
        _pools = amounts;
        _countdown = Countdown(payer, uint40(block.timestamp + settings.luckyDuration));

        if (hashrate > round.leaderHashrate) {
            round.leader = payer;
            round.leaderHashrate = uint56(hashrate);
            roundChanged = true;
        }
        if (roundChanged) _maxRound = round;
    }

    /// @dev USDT held beyond what the pools promise. The pools never promise more than is held, so
    ///      a prize can always be paid; prizes closed in this call are still held until paid.
    function _freeReserve(PoolAmounts memory amounts) private view returns (uint256) {
        uint256 held = IERC20(usdt).balanceOf(address(this));
        uint256 promised = uint256(amounts.lucky) + amounts.max;
        return held > promised ? held - promised : 0;
    }

    /// @dev Adds a synthesis's shares of `usdValue` to the pools, as far as the free reserve goes
    ///      and up to MAX_POOL each.
    function _addShares(PoolAmounts memory amounts, uint256 usdValue, PoolSettings memory settings, uint256 free)
        private
        pure
    {
        uint256 luckyShare = Math.min(usdValue * settings.luckyShareBps / BPS, Math.min(free, MAX_POOL - amounts.lucky));
        uint256 maxShare =
            Math.min(usdValue * settings.maxShareBps / BPS, Math.min(free - luckyShare, MAX_POOL - amounts.max));
        // Casts are safe: each pool stays at most MAX_POOL.
        amounts.lucky += uint128(luckyShare);
        amounts.max += uint128(maxShare);
    }

    /// @dev Ends the lucky round: the pool goes to the last miner. Updates `amounts` in memory.
    function _closeLuckyRound(Countdown memory countdown, PoolAmounts memory amounts)
        private
        returns (Payout memory prize)
    {
        if (amounts.lucky == 0) return prize;
        prize = Payout(countdown.lastMiner, amounts.lucky);
        amounts.lucky = 0;
        // Cast is safe: a pool never passes MAX_POOL.
        _lastLuckyPrize = Prize(prize.winner, uint96(prize.amount));
        uint256 settled = ++_rounds.luckySettled;
        emit LuckyPoolSettled(prize.winner, prize.amount, settled);
    }

    /// @dev Ends a max-machine round that has run out: the pool goes to its leader, if it has one,
    ///      and the next round starts on the 24-hour schedule (the first end after now), not from
    ///      the time of settling. Updates `round` and `amounts` in memory.
    function _closeMaxRound(MaxRound memory round, PoolAmounts memory amounts, uint256 duration)
        private
        returns (Payout memory prize)
    {
        Rounds memory rounds = _rounds;
        if (round.leader != address(0)) {
            prize = Payout(round.leader, amounts.max);
            amounts.max = 0;
            // Cast is safe: a pool never passes MAX_POOL.
            _lastMaxPrize = Prize(prize.winner, uint96(prize.amount));
            emit MaxPoolSettled(prize.winner, prize.amount, round.leaderHashrate, rounds.maxRound);
        }
        uint256 endsAt = round.endsAt + ((block.timestamp - round.endsAt) / duration + 1) * duration;
        round.leader = address(0);
        round.leaderHashrate = 0;
        round.endsAt = SafeCast.toUint40(endsAt);
        rounds.maxRound += 1;
        _rounds = rounds;
        emit MaxRoundStarted(rounds.maxRound, endsAt);
    }

    function _pay(Payout memory prize) private {
        if (prize.amount != 0) IERC20(usdt).safeTransfer(prize.winner, prize.amount);
    }

    function _mergeRecord(address member, uint256 index, uint256 outCount_) private view returns (MergeRecord memory) {
        Record memory record = _records[member][index];
        return MergeRecord({
            index: index,
            token: _tokenList[record.tokenId - 1],
            hashrate: record.hashrate,
            cost: record.cost,
            time: record.time,
            out: index < outCount_
        });
    }

    /// @dev Tokens for `hashrate` USD at `price` USD per token, rounded up so synthesis never undercharges.
    function _cost(uint256 price, uint256 hashrate) private pure returns (uint256) {
        return Math.mulDiv(hashrate * USD, USD, price, Math.Rounding.Ceil);
    }

    function _setPoolConfig(uint256 luckyShareBps, uint256 maxShareBps, uint256 luckyDuration, uint256 roundDuration)
        private
    {
        if (
            luckyShareBps + maxShareBps > BPS || luckyDuration == 0 || luckyDuration > MAX_LUCKY_DURATION
                || roundDuration == 0 || roundDuration > MAX_ROUND_DURATION
        ) revert MainInvalidConfig();
        PoolSettings storage settings = _poolSettings;
        settings.luckyShareBps = uint16(luckyShareBps);
        settings.maxShareBps = uint16(maxShareBps);
        settings.luckyDuration = uint32(luckyDuration);
        settings.roundDuration = uint32(roundDuration);
        emit PoolConfigSet(luckyShareBps, maxShareBps, luckyDuration, roundDuration);
    }

    function _checkPriceGuard(uint256 stepBps, uint256 delay) private pure {
        if (stepBps > MAX_PRICE_STEP_BPS || delay < MIN_PRICE_DELAY || delay > MAX_PRICE_DELAY) {
            revert MainInvalidConfig();
        }
    }

    /// @dev Puts a guard in force at once, cancelling a scheduled one; the last steps stay.
    function _applyPriceGuard(uint256 stepBps, uint256 delay) private {
        PriceGuardSettings storage guard = _priceGuard;
        (guard.stepBps, guard.delay) = (uint16(stepBps), uint32(delay));
        (guard.pendingStepBps, guard.pendingDelay, guard.pendingAt) = (0, 0, 0);
        emit PriceGuardSet(stepBps, delay);
    }

    function _setTreasury(address treasury_) private {
        if (treasury_ == address(0)) revert MainInvalidConfig();
        _poolSettings.treasury = treasury_;
        emit TreasurySet(treasury_);
    }
}
