// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Main: synthesis of hashrate, merge records, the price table, the two reward pools.
interface IMainErrors {
    error MainUnsupportedToken(address token);
    /// @notice The hashrate is zero, not a whole multiple, below the lowest or above the highest.
    error MainInvalidHashrate(uint256 hashrate, uint256 multiple, uint256 minimum);
    error MainAllowanceTooLow(address token, uint256 allowance, uint256 cost);
    error MainBalanceTooLow(address token, uint256 balance, uint256 cost);
    error MainPoolNotExpired(uint256 endsAt);
    error MainNothingToSettle();
    /// @notice The cost at the price in force is above the payer's own bound: the price moved.
    error MainCostAboveMax(uint256 cost, uint256 maxCost);
    /// @notice A rescue would take more than this contract holds beyond what its pools promise.
    error MainRescueExceedsFree(address token, uint256 free, uint256 amount);
    error MainUnknownRecord(address member, uint256 index);
    error MainInvalidConfig();
}

interface IMainEvents {
    event Synthesized(
        address indexed member,
        address indexed token,
        uint256 indexed index,
        uint256 hashrate,
        uint256 cost,
        uint256 usdValue
    );
    event AcbBurned(address indexed member, uint256 amount, uint256 totalBurned);
    event LuckyPoolSettled(address indexed winner, uint256 amount, uint256 round);
    event MaxPoolSettled(address indexed winner, uint256 amount, uint256 hashrate, uint256 round);
    event MaxRoundStarted(uint256 round, uint256 endsAt);
    /// @notice `price` is in force from now, and no change is scheduled.
    event PriceSet(address indexed token, uint256 price);
    /// @notice `newPrice` replaces `currentPrice` at `effectiveAt` (a move past the guard's step).
    event PriceChangeScheduled(address indexed token, uint256 currentPrice, uint256 newPrice, uint256 effectiveAt);
    event PriceGuardSet(uint256 stepBps, uint256 delay);
    event Rescued(address indexed token, address indexed to, uint256 amount);
    event SynthesisRuleSet(address indexed token, uint256 multiple, uint256 minimum, bool enabled);
    event PoolConfigSet(uint256 luckyShareBps, uint256 maxShareBps, uint256 luckyDuration, uint256 roundDuration);
    event TreasurySet(address indexed treasury);
}

interface IMainTypes {
    /// @notice How a token may pay for synthesis, and its USD price (18 decimals).
    struct TokenRule {
        address token;
        uint256 price;
        uint256 multiple;
        uint256 minimum;
        bool enabled;
    }

    /// @notice One merge record. `out` is set once it has earned its cap (see Revenue).
    struct MergeRecord {
        uint256 index;
        address token;
        uint256 hashrate;
        uint256 cost;
        uint256 time;
        bool out;
    }

    struct LuckyPool {
        uint256 amount;
        uint256 endsAt;
        address lastMiner;
        address lastWinner;
        uint256 lastPrize;
        uint256 round;
    }

    struct MaxPool {
        uint256 amount;
        uint256 endsAt;
        address leader;
        uint256 leaderHashrate;
        address lastWinner;
        uint256 lastPrize;
        uint256 round;
    }
}

interface IMainState is IMainTypes {
    function community() external view returns (address);
    function revenue() external view returns (address);
    function acb() external view returns (address);
    function usdt() external view returns (address);
    function treasury() external view returns (address);
    /// @notice USD price of a token with 18 decimals; zero when the token is not priced.
    function priceOf(address token) external view returns (uint256);
    /// @notice A price change scheduled for `token` and when it takes effect; (0, 0) when none.
    function pendingPrice(address token) external view returns (uint256 price, uint256 effectiveAt);
    /// @notice How far the owner may move a price at once (basis points, at most once per `delay`),
    ///         and how long a larger move waits after it is announced.
    function priceGuard() external view returns (uint256 stepBps, uint256 delay);
    function tokenRule(address token) external view returns (TokenRule memory);
    function tokenRules() external view returns (TokenRule[] memory);
    /// @notice Tokens to pay for `hashrate` with `token` (rounded up).
    function costOf(address token, uint256 hashrate) external view returns (uint256);
    /// @notice The largest hashrate one synthesis accepts.
    function maxHashrate() external pure returns (uint256);
    /// @notice Total hashrate the member has synthesised: their performance.
    function powerOf(address member) external view returns (uint256);
    function recordCount(address member) external view returns (uint256);
    function recordOf(address member, uint256 index) external view returns (MergeRecord memory);
    /// @notice The two figures revenue accrual needs of a record, without asking Revenue whether it is out.
    function recordTimeAndHashrate(address member, uint256 index) external view returns (uint256 time, uint256 hashrate);
    /// @notice Merge records from newest to oldest, starting `offset` records from the newest.
    function recordsOf(address member, uint256 offset, uint256 limit) external view returns (MergeRecord[] memory);
    function lastMiner() external view returns (address);
    function totalAcbBurned() external view returns (uint256);
    function luckyPool() external view returns (LuckyPool memory);
    function maxPool() external view returns (MaxPool memory);
    function poolConfig()
        external
        view
        returns (uint256 luckyShareBps, uint256 maxShareBps, uint256 luckyDuration, uint256 roundDuration);
}

interface IMainActions {
    /// @notice Pays `token` for `hashrate` units of computing power (1 unit = 1 USD), at most `maxCost`.
    /// @dev Requires: the caller registered, the token enabled, hashrate a multiple of the token's
    ///      multiple and at least its minimum, the cost at most `maxCost`, allowance and balance
    ///      covering the cost. Emits Synthesized, and AcbBurned when paid in ACB.
    function synthesize(address token, uint256 hashrate, uint256 maxCost) external returns (uint256 index);

    /// @notice Pays the lucky pool to the last miner once its countdown has ended. A synthesis after
    ///         the end pays it too, to the miner who was last when the countdown reached zero.
    /// @dev Requires: the countdown ended, something in the pool. Emits LuckyPoolSettled.
    function settleLuckyPool() external;

    /// @notice Pays the max-machine pool to the round's largest synthesis once the round has ended,
    ///         and starts the next round on the 24-hour schedule. A synthesis after the end does it too.
    /// @dev Requires: the round ended, with a leader. Emits MaxPoolSettled and MaxRoundStarted.
    function settleMaxPool() external;
}

interface IMainOwnerActions {
    function setPrice(address token, uint256 price) external;
    function setSynthesisRule(address token, uint256 multiple, uint256 minimum, bool enabled) external;
    function setPoolConfig(uint256 luckyShareBps, uint256 maxShareBps, uint256 luckyDuration, uint256 roundDuration)
        external;
    function setTreasury(address treasury) external;
    /// @notice Sets the price guard: `stepBps` at most 2,000, `delay` from one hour to 30 days.
    function setPriceGuard(uint256 stepBps, uint256 delay) external;
    /// @notice Sends tokens held here by mistake to `to`. Never the USDT the pools promise.
    function rescue(address token, address to, uint256 amount) external;
}

interface IMain is IMainErrors, IMainEvents, IMainState, IMainActions, IMainOwnerActions {}
