/**
 * The contracts are documented as OpenZeppelin's and Uniswap's are: every function, event and error
 * a product contract exposes has a @notice (its own, or the interface's through @inheritdoc), read
 * from the compiler's user documentation. solhint's use-natspec checks functions and events as they
 * are written (npm run lint); errors it does not check, and this does. OpenZeppelin's own entries
 * (Ownable2Step, ERC20...) keep OpenZeppelin's documentation and are left out.
 *
 * Also: one contract, interface or library per file under mocks/contracts.
 */
import { expect } from "chai";
import { Fragment } from "ethers";
import type { JsonFragment } from "ethers";
import hre from "hardhat";

const PRODUCT_CONTRACTS = ["Main", "Revenue", "Community", "Swap", "MvMarket", "MockToken", "Multicall3"];

/** Where the product contracts' OpenZeppelin entries come from: these keep OpenZeppelin's docs. */
const OPENZEPPELIN_BASES = [
  "@openzeppelin/contracts/access/Ownable2Step.sol:Ownable2Step",
  "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol:ReentrancyGuardTransient",
  "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol:SafeERC20",
  "@openzeppelin/contracts/utils/math/SafeCast.sol:SafeCast",
  "@openzeppelin/contracts/token/ERC20/extensions/ERC20Burnable.sol:ERC20Burnable",
];

interface UserDoc {
  methods?: Record<string, { notice?: string }>;
  events?: Record<string, { notice?: string }>;
  // Errors may be declared more than once (same signature, several interfaces): one doc each.
  errors?: Record<string, { notice?: string }[]>;
}

interface SourceUnit {
  nodes: { nodeType: string; name?: string }[];
}

/** "function f(uint256)", "event E(address)", "error X()": how the compiler keys its docs, by kind. */
function entriesOf(abi: JsonFragment[]): string[] {
  return abi
    .map((entry) => Fragment.from(entry))
    .filter((fragment) => ["function", "event", "error"].includes(fragment.type))
    .map((fragment) => `${fragment.type} ${fragment.format("sighash")}`);
}

async function userDocOf(name: string): Promise<UserDoc> {
  const artifact = await hre.artifacts.readArtifact(name);
  const buildInfo = await hre.artifacts.getBuildInfo(`${artifact.sourceName}:${artifact.contractName}`);
  if (!buildInfo) throw new Error(`no build info for ${name}: run npm run compile`);
  // Hardhat asks solc for the metadata, which holds the user documentation.
  const { metadata } = buildInfo.output.contracts[artifact.sourceName][artifact.contractName] as unknown as { metadata: string };
  return (JSON.parse(metadata) as { output: { userdoc: UserDoc } }).output.userdoc;
}

function hasNotice(doc: UserDoc, entry: string): boolean {
  const [kind, signature] = entry.split(" ");
  if (kind === "function") return Boolean(doc.methods?.[signature]?.notice?.trim());
  if (kind === "event") return Boolean(doc.events?.[signature]?.notice?.trim());
  return Boolean(doc.errors?.[signature]?.some((item) => item.notice?.trim()));
}

describe("NatSpec", () => {
  let openZeppelin: Set<string>;

  before(async () => {
    openZeppelin = new Set<string>();
    for (const base of OPENZEPPELIN_BASES) {
      for (const entry of entriesOf((await hre.artifacts.readArtifact(base)).abi)) openZeppelin.add(entry);
    }
  });

  for (const name of PRODUCT_CONTRACTS) {
    it(`${name}: every function, event and error has a @notice`, async () => {
      const doc = await userDocOf(name);
      const entries = entriesOf((await hre.artifacts.readArtifact(name)).abi).filter((entry) => !openZeppelin.has(entry));
      expect(entries.length).to.be.greaterThan(0);
      expect(entries.filter((entry) => !hasNotice(doc, entry)), `undocumented in ${name}`).to.deep.equal([]);
    });
  }

  it("finds an entry without a @notice", () => {
    const doc: UserDoc = { methods: { "f()": { notice: "Does f." } }, events: { "V()": { notice: " " } }, errors: { "E()": [{}] } };
    expect(hasNotice(doc, "function f()")).to.equal(true);
    expect(hasNotice(doc, "function g()")).to.equal(false);
    expect(hasNotice(doc, "error E()")).to.equal(false);
    expect(hasNotice(doc, "event V()")).to.equal(false);
  });

  it("declares one contract, interface or library per file under mocks/contracts", async () => {
    const perFile = new Map<string, string[]>();
    for (const qualified of await hre.artifacts.getAllFullyQualifiedNames()) {
      const [sourceName] = qualified.split(":");
      if (!sourceName.startsWith("mocks/contracts/") || perFile.has(sourceName)) continue;
      const buildInfo = await hre.artifacts.getBuildInfo(qualified);
      if (!buildInfo) throw new Error(`no build info for ${qualified}`);
      const unit = (buildInfo.output.sources[sourceName] as { ast: SourceUnit }).ast;
      perFile.set(sourceName, unit.nodes.filter((node) => node.nodeType === "ContractDefinition").map((node) => node.name ?? ""));
    }
    expect(perFile.size).to.be.greaterThan(30);
    const crowded = [...perFile].filter(([, names]) => names.length > 1).map(([file, names]) => `${file}: ${names.join(", ")}`);
    expect(crowded).to.deep.equal([]);
  });
});
