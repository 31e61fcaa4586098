// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

import {IBurnable} from "./interfaces/IBurnable.sol";
import {ICommunity} from "./interfaces/ICommunity.sol";
import {IMain, IMainActions, IMainOwnerActions, IMainState} from "./interfaces/IMain.sol";
import {IRevenue} from "./interfaces/IRevenue.sol";
import {InviterReward} from "./interfaces/InviterReward.sol";
import {Paging} from "./libraries/Paging.sol";

/// @title Main mock: synthesis of hashrate, merge records, the price table and the reward pools
/// @notice Implements the product's Main ABI with the rules of DESIGN §3.
contract Main is IMain, Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    uint256 private constant BPS = 10_000;
    /// @dev One hashrate unit is worth one USD; USD amounts carry 18 decimals.
    uint256 private constant USD = 1e18;
    uint256 private constant MAX_HASHRATE = 1e9;
    /// @dev Bounds that keep every cost within a uint128 for any accepted hashrate.
    uint256 private constant MIN_PRICE = 1e9;
    uint256 private constant MAX_TOKENS = type(uint8).max;

    /// @dev A token's price and synthesis rule, read in one slot. `id` (1-based) names the token in
    ///      the packed merge records; zero means the token was never priced.
    struct TokenSettings {
        uint128 price;
        uint8 id;
        bool enabled;
        uint32 multiple;
        uint32 minimum;
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
        uint64 maxSettled;
    }

    ICommunity private immutable _community;
    IRevenue private immutable _revenue;
    address public immutable override acb;
    address public immutable override usdt;

    PoolSettings private _poolSettings;
    Countdown private _countdown;
    PoolAmounts private _pools;
    MaxRound private _maxRound;
    Prize private _lastLuckyPrize;
    Prize private _lastMaxPrize;
    Rounds private _rounds;
    uint256 private _totalAcbBurned;

    mapping(address token => TokenSettings) private _tokens;
    address[] private _tokenList;
    mapping(address member => Miner) private _miners;
    mapping(address member => mapping(uint256 index => Record)) private _records;

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
        _maxRound.endsAt = uint40(block.timestamp + 1 days);
    }

    // ---------------------------------------------------------------- actions

    /// @inheritdoc IMainActions
    function synthesize(address token, uint256 hashrate) external override nonReentrant returns (uint256 index) {
        TokenSettings memory rule = _tokens[token];
        if (!rule.enabled) revert MainUnsupportedToken(token);
        // The minimum is a positive multiple of `multiple`, so this also refuses zero.
        if (hashrate < rule.minimum || hashrate % rule.multiple != 0 || hashrate > MAX_HASHRATE) {
            revert MainInvalidHashrate(hashrate, rule.multiple, rule.minimum);
        }
        address payer = msg.sender;
        uint256 cost = _cost(rule.price, hashrate);
        uint256 allowance = IERC20(token).allowance(payer, address(this));
        if (allowance < cost) revert MainAllowanceTooLow(token, allowance, cost);
        uint256 balance = IERC20(token).balanceOf(payer);
        if (balance < cost) revert MainBalanceTooLow(token, balance, cost);

        Miner memory miner = _miners[payer];
        index = miner.recordCount;
        // Casts are safe: hashrate <= MAX_HASHRATE, time fits 40 bits for 30,000 years, cost < 2^128
        // because price >= MIN_PRICE.
        _records[payer][index] = Record(rule.id, uint64(hashrate), uint40(block.timestamp), uint128(cost));
        _miners[payer] = Miner(miner.recordCount + 1, miner.power + uint64(hashrate));
        PoolSettings memory settings = _poolSettings;
        _addToPools(payer, hashrate, settings);
        emit Synthesized(payer, token, index, hashrate, cost, hashrate * USD);

        bool burns = token == acb;
        if (burns) {
            _totalAcbBurned += cost;
            emit AcbBurned(payer, cost, _totalAcbBurned);
        }

        InviterReward[] memory rewards = _community.recordPerformance(payer, hashrate);
        _revenue.recordSynthesis(payer, hashrate, rewards);
        if (burns) {
            IERC20(token).safeTransferFrom(payer, address(this), cost);
            IBurnable(token).burn(cost);
        } else {
            IERC20(token).safeTransferFrom(payer, settings.treasury, cost);
        }
    }

    /// @inheritdoc IMainActions
    function settleLuckyPool() external override nonReentrant {
        Countdown memory countdown = _countdown;
        if (block.timestamp < countdown.luckyEndsAt) revert MainPoolNotExpired(countdown.luckyEndsAt);
        uint256 prize = _pools.lucky;
        if (prize == 0 || countdown.lastMiner == address(0)) revert MainNothingToSettle();
        _requireReserve(prize);

        _pools.lucky = 0;
        _lastLuckyPrize = Prize(countdown.lastMiner, uint96(prize));
        uint256 round = ++_rounds.luckySettled;
        emit LuckyPoolSettled(countdown.lastMiner, prize, round);

        IERC20(usdt).safeTransfer(countdown.lastMiner, prize);
    }

    /// @inheritdoc IMainActions
    function settleMaxPool() external override nonReentrant {
        MaxRound memory current = _maxRound;
        if (block.timestamp < current.endsAt) revert MainPoolNotExpired(current.endsAt);
        uint256 prize = _pools.max;
        if (prize == 0 || current.leader == address(0)) revert MainNothingToSettle();
        _requireReserve(prize);

        _pools.max = 0;
        _lastMaxPrize = Prize(current.leader, uint96(prize));
        _maxRound = MaxRound(address(0), 0, uint40(block.timestamp + _poolSettings.roundDuration));
        uint256 round = ++_rounds.maxSettled;
        emit MaxPoolSettled(current.leader, prize, current.leaderHashrate, round);

        IERC20(usdt).safeTransfer(current.leader, prize);
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
        return _tokens[token].price;
    }

    /// @inheritdoc IMainState
    function tokenRule(address token) public view override returns (TokenRule memory) {
        TokenSettings memory settings = _tokens[token];
        return TokenRule(token, settings.price, settings.multiple, settings.minimum, settings.enabled);
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
        uint256 price = _tokens[token].price;
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
        return _mergeRecord(member, index, _revenue.outCount(member));
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
        uint256 out = _revenue.outCount(member);
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
            round: _rounds.luckySettled + 1
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
            round: _rounds.maxSettled + 1
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
    function setPrice(address token, uint256 price) external override onlyOwner {
        if (token == address(0) || price < MIN_PRICE || price > type(uint128).max) revert MainInvalidConfig();
        TokenSettings storage settings = _tokens[token];
        if (settings.id == 0) {
            if (_tokenList.length >= MAX_TOKENS) revert MainInvalidConfig();
            _tokenList.push(token);
            settings.id = uint8(_tokenList.length);
        }
        settings.price = uint128(price);
        emit PriceSet(token, price);
    }

    /// @inheritdoc IMainOwnerActions
    function setSynthesisRule(address token, uint256 multiple, uint256 minimum, bool enabled)
        external
        override
        onlyOwner
    {
        TokenSettings storage settings = _tokens[token];
        if (settings.id == 0) revert MainUnsupportedToken(token);
        if (multiple == 0 || minimum < multiple || minimum % multiple != 0 || minimum > MAX_HASHRATE) {
            revert MainInvalidConfig();
        }
        settings.multiple = uint32(multiple);
        settings.minimum = uint32(minimum);
        settings.enabled = enabled;
        emit SynthesisRuleSet(token, multiple, minimum, enabled);
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

    // ---------------------------------------------------------------- internal

    function _addToPools(address payer, uint256 hashrate, PoolSettings memory settings) private {
        uint256 usdValue = hashrate * USD;
        PoolAmounts memory amounts = _pools;
        amounts.lucky += uint128(usdValue * settings.luckyShareBps / BPS);
        amounts.max += uint128(usdValue * settings.maxShareBps / BPS);
        _pools = amounts;
        // The lucky countdown restarts at every synthesis.
        _countdown = Countdown(payer, uint40(block.timestamp + settings.luckyDuration));

        MaxRound memory current = _maxRound;
        bool changed;
        if (current.leader == address(0) && block.timestamp >= current.endsAt) {
            // A round that ended with no synthesis has nothing to settle: this one opens the next.
            current.endsAt = uint40(block.timestamp + settings.roundDuration);
            changed = true;
        }
        if (hashrate > current.leaderHashrate) {
            current.leader = payer;
            current.leaderHashrate = uint56(hashrate);
            changed = true;
        }
        if (changed) _maxRound = current;
    }

    function _requireReserve(uint256 prize) private view {
        uint256 available = IERC20(usdt).balanceOf(address(this));
        if (available < prize) revert MainReserveTooLow(prize, available);
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
            luckyShareBps + maxShareBps > BPS || luckyDuration == 0 || luckyDuration > type(uint32).max
                || roundDuration == 0 || roundDuration > type(uint32).max
        ) revert MainInvalidConfig();
        PoolSettings storage settings = _poolSettings;
        settings.luckyShareBps = uint16(luckyShareBps);
        settings.maxShareBps = uint16(maxShareBps);
        settings.luckyDuration = uint32(luckyDuration);
        settings.roundDuration = uint32(roundDuration);
        emit PoolConfigSet(luckyShareBps, maxShareBps, luckyDuration, roundDuration);
    }

    function _setTreasury(address treasury_) private {
        if (treasury_ == address(0)) revert MainInvalidConfig();
        _poolSettings.treasury = treasury_;
        emit TreasurySet(treasury_);
    }
}
