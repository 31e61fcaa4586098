// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";

import {ICommunity} from "./interfaces/ICommunity.sol";
import {ICommunityActions} from "./interfaces/community/ICommunityActions.sol";
import {ICommunityOwnerActions} from "./interfaces/community/ICommunityOwnerActions.sol";
import {ICommunityState} from "./interfaces/community/ICommunityState.sol";
import {IMain} from "./interfaces/IMain.sol";
import {InviterReward} from "./interfaces/InviterReward.sol";
import {Paging} from "./libraries/Paging.sol";

/// @title Community mock: the referral tree, settlers, team performance, VIP and S levels
/// @notice Implements the product's Community ABI with the rules of docs/product/contracts.md §7.
contract Community is ICommunity, Ownable2Step {
    /// @notice The deepest walk an owner may configure.
    uint256 public constant MAX_GENERATIONS_LIMIT = 30;

    uint256 private constant VIP_LEVELS = 5;
    uint256 private constant BPS = 10_000;
    /// @dev Multicall3, at the same address on every chain, the local one included
    ///      (docs/product/contracts.md §11).
    address private constant MULTICALL3 = 0xcA11bde05977b3631167028862bE2a173976CA11;

    /// @dev What the upward walk reads and writes for one member, packed into one slot so that each
    ///      generation costs one cold read and one write of a slot that is never zero.
    struct Node {
        // The genesis member points at itself; zero means not registered.
        address inviter;
        // Whole USD of the team's synthesis, today's gain included. Saturating: a team at the cap
        // is far above the top level, and a revert here would block every synthesis below it.
        uint40 teamPerformance;
        // The part of teamPerformance gained on `gainDay`; it counts for levels from the next 00:00 UTC.
        // Saturating at 4.29 billion USD in a day, a thousand times the top level's threshold:
        // past it the excess counts at once, when the team is far above every level anyway.
        uint32 todayGain;
        // Days since 1970 (UTC): 24 bits last 45,000 years.
        uint24 gainDay;
    }

    /// @dev Counters kept per member. Direct members reaching V1 are counted as they cross the V1
    ///      threshold during the walk; like levels, a crossing counts from the next 00:00 UTC, so
    ///      those of the current day are kept apart in `pendingV1Directs`.
    struct Stats {
        uint40 registeredAt;
        uint32 teamSize;
        uint32 v1Directs;
        uint32 pendingV1Directs;
        uint40 pendingDay;
    }

    /// @dev Flat so that it fits one slot: the walk reads it once.
    struct Config {
        uint8 maxGenerations;
        uint16 s1Directs;
        uint16 s2Directs;
        uint16 s3Directs;
    }

    /// @inheritdoc ICommunityState
    address public immutable override genesis;
    /// @dev Main, which may be deployed after this contract: its address is known ahead (the
    ///      deploy script computes it from the deployer's nonce and checks it). Being immutable,
    ///      the one contract allowed to record performance can never be changed.
    address private immutable _main;

    Config private _config;
    uint40[VIP_LEVELS] private _vipThresholds;
    uint16[VIP_LEVELS] private _vipRatesBps;
    mapping(address account => Node) private _nodes;
    mapping(address account => Stats) private _stats;
    mapping(address account => address) private _settlers;
    mapping(address account => address[]) private _directs;

    /// @notice Deploys Community with `genesis_` registered as the root of the tree, a walk of 20
    ///         generations, VIP levels at 10k, 50k, 200k, 1M and 5M USD of team performance paying 2%
    ///         to 10%, and S levels at 1, 3 and 5 direct members at V1 or above.
    /// @param genesis_ The first member, whom the first registrations name as referrer
    /// @param main_ Main, which may be deployed after this contract (see `_main`)
    /// @param owner_ The owner, who sets the walk's depth and the levels
    constructor(address genesis_, address main_, address owner_) Ownable(owner_) {
        if (genesis_ == address(0) || main_ == address(0)) revert CommunityInvalidConfig();
        genesis = genesis_;
        _main = main_;
        _nodes[genesis_].inviter = genesis_;
        _stats[genesis_].registeredAt = uint40(block.timestamp);
        emit Registered(genesis_, address(0));

        _config.maxGenerations = 20;
        emit MaxGenerationsSet(20);
        _setLevels(
            [uint256(10_000), 50_000, 200_000, 1_000_000, 5_000_000],
            [uint256(200), 400, 600, 800, 1_000],
            [uint256(1), 3, 5]
        );
    }

    // ---------------------------------------------------------------- member actions

    /// @inheritdoc ICommunityActions
    function register(address referrer) external override {
        address member = msg.sender;
        if (_nodes[member].inviter != address(0)) revert CommunityAlreadyRegistered(member);
        if (referrer == member) revert CommunitySelfReferral(member);
        if (_nodes[referrer].inviter == address(0)) revert CommunityUnknownReferrer(referrer);

        _nodes[member].inviter = referrer;
        _stats[member].registeredAt = uint40(block.timestamp);
        _directs[referrer].push(member);

        // Bounded by maxGenerations (at most 30), never by the depth of the tree.
        uint256 generations = _config.maxGenerations;
        address current = referrer;
        for (uint256 walked = 0; walked < generations; ++walked) {
            _stats[current].teamSize += 1;
            address next = _nodes[current].inviter;
            if (next == current) break;
            current = next;
        }
        emit Registered(member, referrer);
    }

    /// @inheritdoc ICommunityActions
    function changeSettler(address settler) external override {
        if (_nodes[msg.sender].inviter == address(0)) revert CommunityNotRegistered(msg.sender);
        if (settler == address(0)) revert CommunityZeroSettler();
        if (_isProductContract(settler)) revert CommunityProductSettler(settler);
        _settlers[msg.sender] = settler;
        emit SettlerChanged(msg.sender, settler);
    }

    /// @inheritdoc ICommunityActions
    function recordPerformance(address member, uint256 amount) external override returns (InviterReward[] memory rewards) {
        if (msg.sender != _main) revert CommunityNotMain(msg.sender);
        uint256 generations = _config.maxGenerations;
        address current = _nodes[member].inviter;
        if (current == address(0)) revert CommunityNotRegistered(member);

        uint256 today = block.timestamp / 1 days;
        uint40[VIP_LEVELS] memory thresholds = _vipThresholds;
        uint16[VIP_LEVELS] memory rates = _vipRatesBps;
        // Each reward strictly raises the rate already paid, so there are at most VIP_LEVELS of them.
        rewards = new InviterReward[](VIP_LEVELS);
        uint256 rewardCount;
        uint256 paidBps;

        address below = member;
        uint256 walked;
        while (walked < generations && current != below) {
            Node memory node = _nodes[current];
            uint256 rate = _rateOf(_levelOf(_settledPerformance(node, today), thresholds), rates);
            if (rate > paidBps) {
                rewards[rewardCount++] = InviterReward(current, rate - paidBps);
                paidBps = rate;
            }
            uint256 before = node.teamPerformance;
            _addGain(node, amount, today);
            _nodes[current] = node;
            // Reaching V1 happens once in a member's life (performance only grows): their inviter
            // gains a V1 direct member from the next 00:00 UTC, as the level itself.
            if (before < thresholds[0] && node.teamPerformance >= thresholds[0] && node.inviter != current) {
                _countV1Direct(node.inviter, today);
            }

            below = current;
            current = node.inviter;
            // Cannot overflow: the loop runs while walked < generations, and generations <= 30.
            unchecked {
                ++walked;
            }
        }
        // Trim the array to the rewards actually found; the memory past it is simply unused.
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            mstore(rewards, rewardCount)
        }
        emit PerformanceRecorded(member, amount, walked);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc ICommunityState
    function main() external view override returns (address) {
        return _main;
    }

    /// @inheritdoc ICommunityState
    function isRegistered(address account) public view override returns (bool) {
        return _nodes[account].inviter != address(0);
    }

    /// @inheritdoc ICommunityState
    function inviterOf(address account) public view override returns (address) {
        address inviter = _nodes[account].inviter;
        return inviter == account ? address(0) : inviter;
    }

    /// @inheritdoc ICommunityState
    function settlerOf(address account) public view override returns (address) {
        address settler = _settlers[account];
        return settler == address(0) ? account : settler;
    }

    /// @inheritdoc ICommunityState
    function uplineOf(address account, uint256 generations) external view override returns (address[] memory upline) {
        if (generations > MAX_GENERATIONS_LIMIT) generations = MAX_GENERATIONS_LIMIT;
        upline = new address[](generations);
        uint256 found;
        address below = account;
        address current = _nodes[account].inviter;
        while (found < generations && current != address(0) && current != below) {
            upline[found++] = current;
            // The genesis member ends the line: no need to read that it points at itself.
            if (current == genesis) break;
            below = current;
            current = _nodes[current].inviter;
        }
        // Trim the array to the inviters found.
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            mstore(upline, found)
        }
    }

    /// @inheritdoc ICommunityState
    function payoutRoute(address account) external view override returns (address settler, address[3] memory inviters) {
        settler = settlerOf(account);
        address below = account;
        address current = _nodes[account].inviter;
        for (uint256 i = 0; i < 3 && current != address(0) && current != below; ++i) {
            inviters[i] = current;
            if (current == genesis) break;
            below = current;
            current = _nodes[current].inviter;
        }
    }

    /// @inheritdoc ICommunityState
    function memberInfo(address account) external view override returns (MemberInfo memory info) {
        Node memory node = _nodes[account];
        info.registered = node.inviter != address(0);
        info.isGenesis = node.inviter == account;
        info.inviter = inviterOf(account);
        info.settler = info.registered ? settlerOf(account) : address(0);
        info.registeredAt = _stats[account].registeredAt;
        info.directCount = _directs[account].length;
        info.teamSize = _stats[account].teamSize;
        _addPerformance(info, account, node);
    }

    /// @inheritdoc ICommunityState
    function directMembers(address account, uint256 offset, uint256 limit)
        external
        view
        override
        returns (DirectMember[] memory page)
    {
        address[] storage directs = _directs[account];
        uint256 end = Paging.pageEnd(directs.length, offset, limit);
        page = new DirectMember[](end > offset ? end - offset : 0);
        for (uint256 i = offset; i < end; ++i) {
            address direct = directs[i];
            page[i - offset] = DirectMember({
                account: direct,
                performance: _powerOf(direct),
                teamPerformance: _nodes[direct].teamPerformance,
                vipLevel: vipLevelOf(direct)
            });
        }
    }

    /// @inheritdoc ICommunityState
    function vipLevelOf(address account) public view override returns (uint8) {
        return uint8(_levelOf(_settledPerformance(_nodes[account], block.timestamp / 1 days), _vipThresholds));
    }

    /// @inheritdoc ICommunityState
    function sLevelOf(address account) public view override returns (uint8 level) {
        uint256 qualified = v1DirectsOf(account);
        uint256[3] memory steps = sLevelDirects();
        while (level < steps.length && qualified >= steps[level]) ++level;
    }

    /// @inheritdoc ICommunityState
    function v1DirectsOf(address account) public view override returns (uint256) {
        Stats memory stats = _stats[account];
        bool pendingCounts = stats.pendingDay < block.timestamp / 1 days;
        return stats.v1Directs + (pendingCounts ? stats.pendingV1Directs : 0);
    }

    /// @inheritdoc ICommunityState
    function maxGenerations() external view override returns (uint256) {
        return _config.maxGenerations;
    }

    /// @inheritdoc ICommunityState
    function vipThresholds() external view override returns (uint256[5] memory thresholds) {
        for (uint256 i = 0; i < VIP_LEVELS; ++i) thresholds[i] = _vipThresholds[i];
    }

    /// @inheritdoc ICommunityState
    function vipRatesBps() external view override returns (uint256[5] memory rates) {
        for (uint256 i = 0; i < VIP_LEVELS; ++i) rates[i] = _vipRatesBps[i];
    }

    /// @inheritdoc ICommunityState
    function sLevelDirects() public view override returns (uint256[3] memory) {
        Config memory config = _config;
        return [uint256(config.s1Directs), config.s2Directs, config.s3Directs];
    }

    // ---------------------------------------------------------------- owner

    /// @inheritdoc ICommunityOwnerActions
    function setMaxGenerations(uint256 generations) external override onlyOwner {
        if (generations == 0 || generations > MAX_GENERATIONS_LIMIT) revert CommunityInvalidConfig();
        _config.maxGenerations = uint8(generations);
        emit MaxGenerationsSet(generations);
    }

    /// @inheritdoc ICommunityOwnerActions
    function configureLevels(
        uint256[5] calldata thresholds,
        uint256[5] calldata ratesBps,
        uint256[3] calldata directs
    ) external override onlyOwner {
        _setLevels(thresholds, ratesBps, directs);
    }

    // ---------------------------------------------------------------- internal

    function _setLevels(uint256[5] memory thresholds, uint256[5] memory ratesBps, uint256[3] memory directs) private {
        for (uint256 i = 0; i < VIP_LEVELS; ++i) {
            uint256 previousThreshold = i == 0 ? 0 : thresholds[i - 1];
            uint256 previousRate = i == 0 ? 0 : ratesBps[i - 1];
            // Strictly rising thresholds and rates: the differential reward relies on it.
            if (thresholds[i] <= previousThreshold || thresholds[i] > type(uint40).max) revert CommunityInvalidConfig();
            if (ratesBps[i] <= previousRate || ratesBps[i] > BPS) revert CommunityInvalidConfig();
            _vipThresholds[i] = uint40(thresholds[i]);
            _vipRatesBps[i] = uint16(ratesBps[i]);
        }
        if (directs[0] == 0 || directs[1] <= directs[0] || directs[2] <= directs[1] || directs[2] > type(uint16).max) {
            revert CommunityInvalidConfig();
        }
        _config.s1Directs = uint16(directs[0]);
        _config.s2Directs = uint16(directs[1]);
        _config.s3Directs = uint16(directs[2]);
        emit LevelsConfigured(thresholds, ratesBps, directs);
    }

    function _addPerformance(MemberInfo memory info, address account, Node memory node) private view {
        info.performance = _powerOf(account);
        info.teamPerformance = node.teamPerformance;
        info.teamPerformanceToday = node.gainDay == block.timestamp / 1 days ? node.todayGain : 0;
        info.vipLevel = vipLevelOf(account);
        info.sLevel = sLevelOf(account);
    }

    function _powerOf(address account) private view returns (uint256) {
        return IMain(_main).powerOf(account);
    }

    /// @dev One more direct member of `inviter` at V1, counted from tomorrow 00:00 UTC. The
    ///      crossings of an earlier day are folded into the settled count first.
    function _countV1Direct(address inviter, uint256 today) private {
        Stats memory stats = _stats[inviter];
        if (stats.pendingDay != today) {
            stats.v1Directs += stats.pendingV1Directs;
            stats.pendingV1Directs = 0;
            stats.pendingDay = uint40(today);
        }
        stats.pendingV1Directs += 1;
        _stats[inviter] = stats;
    }

    /// @dev Team performance as of the last 00:00 UTC: what was gained today counts from tomorrow.
    function _settledPerformance(Node memory node, uint256 today) private pure returns (uint256) {
        return node.gainDay == today ? node.teamPerformance - node.todayGain : node.teamPerformance;
    }

    function _levelOf(uint256 performance, uint40[VIP_LEVELS] memory thresholds) private pure returns (uint256 level) {
        while (level < VIP_LEVELS && performance >= thresholds[level]) ++level;
    }

    function _rateOf(uint256 level, uint16[VIP_LEVELS] memory rates) private pure returns (uint256) {
        return level == 0 ? 0 : rates[level - 1];
    }

    /// @dev Adds `amount` to a member's team performance and to what it gained today, in memory.
    function _addGain(Node memory node, uint256 amount, uint256 today) private pure {
        uint256 gainSoFar = node.gainDay == today ? node.todayGain : 0;
        // Casts are safe: each sum is capped at its field's maximum, and today fits 24 bits.
        node.todayGain = uint32(_saturatingAdd(gainSoFar, amount, type(uint32).max));
        node.gainDay = uint24(today);
        node.teamPerformance = uint40(_saturatingAdd(node.teamPerformance, amount, type(uint40).max));
    }

    function _saturatingAdd(uint256 a, uint256 b, uint256 max) private pure returns (uint256) {
        uint256 sum = a + b;
        return sum > max ? max : sum;
    }

    /// @dev Whether `account` is an address of the product's address book, where claims would be
    ///      stuck or free for anyone to take: this contract, Main, a token Main prices or has
    ///      announced a first price for (ACB, USDT, MV...), a contract whose `main()` is this
    ///      product's Main (Revenue, Swap, MvMarket), Multicall3, whose `aggregate3` anyone may
    ///      call to move what it holds, or Main's owner, the AccessManager, whose admin could move
    ///      what a claim paid there (docs/product/contracts.md §7). Wallets, including contract
    ///      wallets, pass.
    function _isProductContract(address account) private view returns (bool) {
        if (account == address(this) || account == _main || account == MULTICALL3) return true;
        if (account == Ownable(_main).owner()) return true;
        if (IMain(_main).priceOf(account) != 0) return true;
        (, uint256 announcedAt) = IMain(_main).pendingPrice(account);
        if (announcedAt != 0) return true;
        if (account.code.length == 0) return false;
        // A bounded static call: a hostile settler can only waste the caller's own gas.
        (bool ok, bytes memory answer) = account.staticcall{gas: 10_000}(abi.encodeCall(ICommunityState.main, ()));
        // Read as a word, so that an answer that is not an address never reverts the decoding.
        return ok && answer.length == 32 && abi.decode(answer, (uint256)) == uint256(uint160(_main));
    }
}
