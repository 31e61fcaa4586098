import fs from "node:fs";
import path from "node:path";

import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { sql } from "drizzle-orm";
import { Wallet } from "ethers";

import { PRIVATE_KEY_FILE } from "../../mocks/api/keys";
import { hashPassword } from "../../mocks/api/passwords";
import { accountKey, lookAlikeKey } from "../../mocks/api/text";
import { membersFixture, type Fixture } from "../contracts/shared/fixtures";
import {
  DEFAULT_NONCE_TTL_MS,
  DEFAULT_SESSION_TTL_MS,
  bind,
  call,
  dbRows,
  encryptPassword,
  fromClient,
  keyOf,
  login,
  prove,
  register,
  startApi,
  temporaryDataDir,
  type RunningApi,
} from "./harness";

/** Every file under `dir`: the key pair, and the embedded database's files when it is PGlite. */
const filesUnder = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((file) => path.join(dir, file))
    .filter((file) => fs.statSync(file).isFile());

type Session = { token: string; expiresAt: string; created?: boolean; member: { account: string; wallet: string; referrer: string; registeredAt: string } };

/** On chain: alice under genesis, bob under alice, carol under bob; dave and eve are not members. */
describe("Account API", function () {
  let fixture: Fixture;
  let api: RunningApi;

  beforeEach(async function () {
    fixture = await loadFixture(membersFixture);
    api = await startApi(fixture);
  });

  afterEach(async function () {
    await api.close();
  });

  const dave = () => ({ account: "dave", password: "correct horse", referrer: fixture.alice.address });

  describe("config", function () {
    it("serves the RSA public key and keeps the private key readable by its owner only", async function () {
      const reply = await call<{ key: string }>(api, "/api/config");
      expect(reply.status).to.equal(200);
      expect(reply.body.key).to.match(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/);
      expect(reply.headers.get("cache-control")).to.equal("no-store");
      const mode = fs.statSync(path.join(api.dataDir, PRIVATE_KEY_FILE)).mode & 0o777;
      expect(mode).to.equal(0o600);
    });

    it("makes its data directory and a key pair on first start, and keeps them across restarts", async function () {
      const dataDir = path.join(temporaryDataDir(false), "not", "made", "yet");
      const first = await startApi(fixture, { dataDir });
      const key = (await call<{ key: string }>(first, "/api/config")).body.key;
      await first.close();
      const second = await startApi(fixture, { dataDir });
      expect((await call<{ key: string }>(second, "/api/config")).body.key).to.equal(key);
      await second.close();
    });
  });

  describe("register", function () {
    it("creates the account with a wallet proof and answers with a session", async function () {
      const reply = await register(api, fixture.dave, dave());
      expect(reply.status).to.equal(201);
      const session = reply.body as unknown as Session;
      expect(session.created).to.equal(true);
      expect(session.token).to.match(/^[\w-]{43}$/);
      expect(Date.parse(session.expiresAt)).to.equal(api.clock.now + DEFAULT_SESSION_TTL_MS);
      expect(session.member).to.deep.equal({
        account: "dave",
        wallet: fixture.dave.address,
        referrer: fixture.alice.address,
        registeredAt: new Date(api.clock.now).toISOString(),
      });
      const query = await call(api, "/api/account", { token: session.token });
      expect(query.status).to.equal(200);
      expect(query.body).to.deep.equal(session.member);
    });

    it("keeps only a salted scrypt hash of the password", async function () {
      await register(api, fixture.dave, dave());
      await register(api, fixture.eve, { ...dave(), account: "eve" });
      const hashes = (await dbRows<{ password_hash: string }>(api, sql`SELECT password_hash FROM accounts ORDER BY id`)).map((row) => row.password_hash);
      expect(hashes).to.have.length(2);
      for (const hash of hashes) expect(hash).to.match(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
      expect(hashes[0]).to.not.equal(hashes[1], "same password, different salts");
      for (const file of filesUnder(api.dataDir)) expect(fs.readFileSync(file).includes("correct horse"), file).to.equal(false);
    });

    it("prompts for each missing or malformed field", async function () {
      const password = await encryptPassword(api, "correct horse");
      const proof = () => prove(api, fixture.dave, "register");
      const cases: [Record<string, unknown>, string][] = [
        [{ account: "", password, referrer: fixture.alice.address }, "errors:enterAccount"],
        [{ account: "   ", password, referrer: fixture.alice.address }, "errors:enterAccount"],
        [{ password, referrer: fixture.alice.address }, "errors:enterAccount"],
        [{ account: "dave", password: "", referrer: fixture.alice.address }, "errors:enterPassword"],
        [{ account: "dave", referrer: fixture.alice.address }, "errors:enterPassword"],
        [{ account: "dave", password, referrer: "" }, "errors:enterReferrer"],
        [{ account: "dave", password, referrer: "0x1234" }, "errors:incorrectFormat"],
        [{ account: "dave", password, referrer: fixture.dave.address }, "errors:selfReferral"],
        [{ account: "d".repeat(33), password, referrer: fixture.alice.address }, "errors:accountLength"],
        [{ account: "da\u0000ve", password, referrer: fixture.alice.address }, "errors:accountCharacters"],
        [{ account: "dave", password: "bm90IGEgY2lwaGVydGV4dA==", referrer: fixture.alice.address }, "errors:passwordUnreadable"],
        [{ account: "dave", password: await encryptPassword(api, "short"), referrer: fixture.alice.address }, "errors:passwordLength"],
      ];
      for (const [fields, key] of cases) {
        const reply = await call(api, "/api/register", { body: { ...fields, ...(await proof()) } });
        expect([reply.status, keyOf(reply)], JSON.stringify(fields)).to.deep.equal([400, key]);
      }
      const badWallet = { account: "dave", password, referrer: fixture.alice.address, wallet: "nope", nonce: "0", signature: "0x" };
      expect((await call(api, "/api/register", { body: badWallet })).body).to.deep.equal({
        error: { key: "errors:incorrectFormat" },
      });
    });

    it("refuses a referrer that is not a member on chain", async function () {
      const reply = await register(api, fixture.dave, { ...dave(), referrer: fixture.eve.address });
      expect([reply.status, keyOf(reply)]).to.deep.equal([400, "errors:unknownReferrer"]);
      await fixture.community.connect(fixture.eve).register(fixture.alice.address);
      expect((await register(api, fixture.dave, { ...dave(), referrer: fixture.eve.address })).status).to.equal(201);
    });

    it("says the network is abnormal when the chain cannot be asked", async function () {
      const offline = await startApi(fixture, { referrers: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:8545")) });
      const reply = await register(offline, fixture.dave, dave());
      await offline.close();
      expect([reply.status, keyOf(reply)]).to.deep.equal([503, "errors:network"]);
      expect(reply.text).to.not.contain("ECONNREFUSED");
    });

    it("refuses a taken account name, whatever its case, and a wallet bound already", async function () {
      await register(api, fixture.dave, dave());
      const taken = await register(api, fixture.eve, { ...dave(), account: "DAVE" });
      expect([taken.status, keyOf(taken)]).to.deep.equal([409, "errors:accountTaken"]);
      const bound = await register(api, fixture.dave, { ...dave(), account: "dave2" });
      expect([bound.status, keyOf(bound)]).to.deep.equal([409, "errors:walletBound"]);
    });

    it("takes a name in any case or compatibility form as the same account (NFKC, then Unicode case folding)", async function () {
      expect((await register(api, fixture.dave, { ...dave(), account: "ÖL" })).status).to.equal(201);
      for (const [signer, account] of [[fixture.eve, "öl"], [fixture.others[0], "O\u0308L"], [fixture.others[1], "Ö\uFF2C"]] as const) {
        const reply = await register(api, signer, { ...dave(), account });
        expect([reply.status, keyOf(reply)], account).to.deep.equal([409, "errors:accountTaken"]);
      }
      const straße = await register(api, fixture.eve, { ...dave(), account: "straße" });
      expect(straße.status).to.equal(201);
      expect(keyOf(await register(api, fixture.others[0], { ...dave(), account: "STRASSE" }))).to.equal("errors:accountTaken");
      expect((await bind(api, fixture.others[1], "öl", "correct horse")).status).to.equal(200);
    });

    it("refuses control, invisible and direction-changing characters in a name", async function () {
      const names = ["da\u200Bve", "\u202Eevad", "dave\u2066", "da\u00ADve", "dave\u0085", "\u3164", "da\u200Dve", "da\uFEFFve", "da\u2028ve", "\u2800\u2800\u2800", "ab\u2800cd"];
      for (const name of names) {
        const reply = await register(api, fixture.dave, { ...dave(), account: JSON.parse(`"${name}"`) as string });
        expect([reply.status, keyOf(reply)], name).to.deep.equal([400, "errors:accountCharacters"]);
      }
    });

    it("refuses a name that could pass for another (mixed scripts, look-alike letters), and takes one script with punctuation", async function () {
      // Cyrillic а, Cyrillic і, small capital ʟ, a with a dot below, all-Cyrillic "apple", a name
      // with an ideographic full stop (a second ENS name-part), Greek ο beside Latin letters.
      const lookAlikes = ["\u0430lice", "al\u0456ce", "a\u029Fice", "\u1EA1lice", "\u0430\u0440\u0440\u04CF\u0435", "alice\u3002bob", "b\u03BFb"];
      for (const name of lookAlikes) {
        const reply = await register(api, fixture.dave, { ...dave(), account: JSON.parse(`"${name}"`) as string });
        expect([reply.status, keyOf(reply)], name).to.deep.equal([400, "errors:accountLookAlike"]);
      }
      const signers = [fixture.dave, fixture.eve, ...fixture.others];
      const fine = ["Ölçek", "бабушка", "王小明", "john_doe", "O'Brien", "dave smith", "José", "🦊fox", "straße", "a.b-c"];
      for (const [index, account] of fine.entries()) {
        const reply = await register(api, signers[index], { ...dave(), account });
        expect(reply.status, account).to.equal(201);
      }
    });

    it("takes a new name as taken when it could pass for an account's: I, 1 and | for l, 0 for o, one separator for another", async function () {
      // A refused registration binds no wallet: one signer tries every look-alike.
      const trier = fixture.others[5];
      const owners = [fixture.dave, fixture.eve, fixture.others[0]];
      for (const [index, [taken, lookAlikes]] of ([
        ["alice", ["aIice", "a1ice", "a|ice", "ALICE"]],
        ["O'Brien", ["O’Brien", "0'Brien", "O Brien"]],
        ["ali-ce", ["ali–ce", "ali‐ce", "ali/ce", "ali⁄ce", "ali_ce"]],
      ] as const).entries()) {
        expect((await register(api, owners[index], { ...dave(), account: taken })).status, taken).to.equal(201);
        for (const name of lookAlikes) {
          const reply = await register(api, trier, { ...dave(), account: name });
          expect([reply.status, keyOf(reply)], name).to.deep.equal([409, "errors:accountTaken"]);
          expect((await call(api, "/api/account-name", { body: { account: name } })).body, name).to.deep.equal({ free: false });
        }
      }
      // Names that merely share letters are not taken: lower-case i and l differ, and emoji show.
      for (const [index, name] of ["bili", "bill", "🦊alice"].entries()) {
        expect((await register(api, fixture.others[1 + index], { ...dave(), account: name })).status, name).to.equal(201);
      }
    });

    it("lets an account named before the look-alike rule log in and repeat its registration", async function () {
      const reopened = api;
      const name = "\u0430lice"; // Cyrillic а: refused for a new account now
      // As the rule's arrival left it: the name's own key, no look-alike key.
      await reopened.db.execute(
        sql`INSERT INTO accounts (name, name_key, password_hash, password_normalized, referrer, created_at) VALUES (${name}, ${name}, ${await hashPassword("correct horse")}, 1, ${fixture.alice.address}, 1)`,
      );
      {
        expect((await bind(reopened, fixture.dave, name, "correct horse")).body).to.have.nested.property("member.account", name);
        const repeated = await register(reopened, fixture.dave, { ...dave(), account: name });
        expect([repeated.status, repeated.body.created]).to.deep.equal([200, false]);
      }
    });

    it("takes a password typed in another Unicode form as the same password", async function () {
      const nfc = "caf\u00e9 horse";
      expect((await register(api, fixture.dave, { ...dave(), password: JSON.parse(`"${nfc}"`) as string })).status).to.equal(201);
      const reply = await bind(api, fixture.eve, "dave", (JSON.parse(`"${nfc}"`) as string).normalize("NFD"));
      expect([reply.status, keyOf(reply)]).to.deep.equal([200, undefined]);
    });

    it("answers two identical registrations sent at once with one account and two sessions", async function () {
      const replies = await Promise.all([register(api, fixture.dave, dave()), register(api, fixture.dave, dave())]);
      expect(replies.map((reply) => reply.status).sort()).to.deep.equal([200, 201]);
      const [first, second] = replies.map((reply) => reply.body as unknown as Session);
      expect(first.member).to.deep.equal(second.member);
      expect(first.token).to.not.equal(second.token);
      expect(await dbRows(api, sql`SELECT COUNT(*)::int AS n FROM accounts`)).to.deep.equal([{ n: 1 }]);
    });

    it("keeps the first referrer when a registration is repeated with another", async function () {
      await register(api, fixture.dave, dave());
      const again = await register(api, fixture.dave, { ...dave(), referrer: fixture.bob.address });
      expect((again.body as unknown as Session).member.referrer).to.equal(fixture.alice.address);
    });

    it("completes a repeated registration of the same wallet and account once, without a second account", async function () {
      const first = await register(api, fixture.dave, dave());
      const again = await register(api, fixture.dave, dave());
      expect(again.status).to.equal(200);
      expect((again.body as unknown as Session).created).to.equal(false);
      expect((again.body as unknown as Session).member).to.deep.equal((first.body as unknown as Session).member);
      const wrong = await register(api, fixture.dave, { ...dave(), password: "not the one" });
      expect([wrong.status, keyOf(wrong)]).to.deep.equal([401, "errors:wrongPassword"]);
      expect(await dbRows(api, sql`SELECT COUNT(*)::int AS n FROM accounts`)).to.deep.equal([{ n: 1 }]);
    });

    it("stores SQL injection strings literally", async function () {
      const names = ["'; DROP TABLE accounts; --", `Robert"); DELETE FROM wallets;--`, "' OR '1'='1"];
      const wallets = [fixture.dave, fixture.eve, fixture.others[0]];
      for (const [i, name] of names.entries()) {
        const reply = await register(api, wallets[i], { account: name, password: "correct horse", referrer: fixture.alice.address });
        expect(reply.status, name).to.equal(201);
        const query = await call(api, "/api/account", { token: (reply.body as unknown as Session).token });
        expect(query.body.account).to.equal(name);
      }
      expect(await dbRows(api, sql`SELECT name FROM accounts ORDER BY id`)).to.deep.equal(names.map((name) => ({ name })));
      expect(await dbRows(api, sql`SELECT COUNT(*)::int AS n FROM wallets`)).to.deep.equal([{ n: 3 }]);
      const guess = await bind(api, fixture.others[1], "' OR '1'='1' --", "x' OR 'x'='x");
      expect([guess.status, keyOf(guess)]).to.deep.equal([401, "errors:wrongPassword"]);
    });
  });

  describe("wallet proof", function () {
    it("names the site, the action, the wallet, the nonce and the expiry, as Sign-In with Ethereum (EIP-4361)", async function () {
      const reply = await call<{ nonce: string; message: string; expiresAt: string }>(api, "/api/auth/nonce", {
        body: { wallet: fixture.dave.address.toLowerCase(), purpose: "login" },
      });
      expect(reply.status).to.equal(200);
      expect(reply.body.nonce).to.match(/^[0-9a-f]{32}$/);
      expect(Date.parse(reply.body.expiresAt)).to.equal(api.clock.now + DEFAULT_NONCE_TTL_MS);
      expect(reply.body.message).to.equal(
        [
          "hashrate.test wants you to sign in with your Ethereum account:",
          fixture.dave.address,
          "",
          "Log in to your account. This request sends no transaction and costs nothing.",
          "",
          "URI: http://hashrate.test",
          "Version: 1",
          "Chain ID: 56",
          `Nonce: ${reply.body.nonce}`,
          `Issued At: ${new Date(api.clock.now).toISOString()}`,
          `Expiration Time: ${reply.body.expiresAt}`,
        ].join("\n"),
      );
    });

    it("keeps at most twenty unused nonces per client, dropping that client's oldest", async function () {
      await register(api, fixture.dave, dave());
      const first = await prove(api, fixture.dave, "login");
      const later = [];
      for (let i = 0; i < 20; i++) later.push(await prove(api, fixture.dave, "login"));
      expect(keyOf(await call(api, "/api/login", { body: first }))).to.equal("errors:proofExpired");
      for (const proof of later) expect((await call(api, "/api/login", { body: proof })).status).to.equal(200);
    });

    it("keeps a wallet's pending proof however many nonces other clients ask for that wallet", async function () {
      await register(api, fixture.dave, dave());
      const first = await prove(api, fixture.dave, "login");
      for (let i = 2; i < 10; i++) {
        const other = await call(fromClient(api, `127.0.0.${i}`), "/api/auth/nonce", { body: { wallet: fixture.dave.address, purpose: "login" } });
        expect(other.status).to.equal(200);
      }
      const reply = await call(api, "/api/login", { body: first });
      expect([reply.status, keyOf(reply)]).to.deep.equal([200, undefined]);
    });

    it("refuses an unknown purpose and a malformed wallet", async function () {
      const purpose = await call(api, "/api/auth/nonce", { body: { wallet: fixture.dave.address, purpose: "transfer" } });
      expect([purpose.status, keyOf(purpose)]).to.deep.equal([400, "errors:malformedRequest"]);
      const wallet = await call(api, "/api/auth/nonce", { body: { wallet: "0xnope", purpose: "login" } });
      expect([wallet.status, keyOf(wallet)]).to.deep.equal([400, "errors:incorrectFormat"]);
    });

    it("accepts a nonce once", async function () {
      await register(api, fixture.dave, dave());
      const proof = await prove(api, fixture.dave, "login");
      expect((await call(api, "/api/login", { body: proof })).status).to.equal(200);
      const again = await call(api, "/api/login", { body: proof });
      expect([again.status, keyOf(again)]).to.deep.equal([401, "errors:proofExpired"]);
    });

    it("refuses a nonce past its expiry, or made for another action or wallet", async function () {
      await register(api, fixture.dave, dave());
      const late = await prove(api, fixture.dave, "login");
      api.clock.now += DEFAULT_NONCE_TTL_MS;
      expect(keyOf(await call(api, "/api/login", { body: late }))).to.equal("errors:proofExpired");
      const forBind = await prove(api, fixture.dave, "bind");
      expect(keyOf(await call(api, "/api/login", { body: forBind }))).to.equal("errors:proofExpired");
      const forEve = await prove(api, fixture.eve, "login", fixture.dave);
      expect(keyOf(await call(api, "/api/login", { body: { ...forEve, wallet: fixture.dave.address } }))).to.equal("errors:proofExpired");
      expect(keyOf(await call(api, "/api/login", { body: { wallet: fixture.dave.address, nonce: "0".repeat(32), signature: "0x" } }))).to.equal(
        "errors:proofExpired",
      );
    });

    it("refuses a signature by another wallet, and uses the nonce up", async function () {
      await register(api, fixture.dave, dave());
      const forged = await prove(api, fixture.dave, "login", fixture.eve);
      const reply = await call(api, "/api/login", { body: forged });
      expect([reply.status, keyOf(reply)]).to.deep.equal([401, "errors:wrongSigner"]);
      const signature = await fixture.dave.signMessage(
        (await call<{ message: string }>(api, "/api/auth/nonce", { body: { wallet: fixture.dave.address, purpose: "login" } })).body.message,
      );
      expect(keyOf(await call(api, "/api/login", { body: { ...forged, signature } }))).to.equal("errors:proofExpired");
    });

    it("refuses a signature that is not one", async function () {
      const proof = await prove(api, fixture.dave, "login");
      const reply = await call(api, "/api/login", { body: { ...proof, signature: "0xdeadbeef" } });
      expect([reply.status, keyOf(reply)]).to.deep.equal([401, "errors:signatureInvalid"]);
    });
  });

  describe("bind", function () {
    beforeEach(async function () {
      await register(api, fixture.dave, dave());
    });

    it("binds another wallet to an account with its password", async function () {
      const reply = await bind(api, fixture.eve, "Dave", "correct horse");
      expect(reply.status).to.equal(200);
      const session = reply.body as unknown as Session;
      expect(session.member).to.include({ account: "dave", wallet: fixture.eve.address, referrer: fixture.alice.address });
      expect((await call(api, "/api/account", { token: session.token })).body.wallet).to.equal(fixture.eve.address);
      expect((await login(api, fixture.eve)).status).to.equal(200);
      expect((await bind(api, fixture.eve, "dave", "correct horse")).status, "binding again changes nothing").to.equal(200);
    });

    it("refuses a wrong password and an unknown account alike", async function () {
      const wrong = await bind(api, fixture.eve, "dave", "wrong horse");
      const unknown = await bind(api, fixture.eve, "nobody", "correct horse");
      expect([wrong.status, keyOf(wrong)]).to.deep.equal([401, "errors:wrongPassword"]);
      expect([unknown.status, keyOf(unknown)]).to.deep.equal([401, "errors:wrongPassword"]);
    });

    it("refuses a wallet bound to another account", async function () {
      await register(api, fixture.eve, { ...dave(), account: "eve" });
      const reply = await bind(api, fixture.eve, "dave", "correct horse");
      expect([reply.status, keyOf(reply)]).to.deep.equal([409, "errors:walletBound"]);
    });

    it("prompts for an empty account or password", async function () {
      const proof = await prove(api, fixture.eve, "bind");
      expect(keyOf(await call(api, "/api/bind", { body: { ...proof, account: " ", password: "x" } }))).to.equal("errors:enterAccount");
      expect(keyOf(await call(api, "/api/bind", { body: { ...proof, account: "dave", password: "" } }))).to.equal("errors:enterPassword");
    });

    it("slows failed logins per account from one client and per wallet, and a success clears them", async function () {
      const throttled = async (reply: Promise<{ status: number; headers: Headers; body: unknown }>) => {
        const { status, headers, body } = await reply;
        return { status, retryAfter: headers.get("retry-after"), body };
      };
      // Five failures are free; then the account waits 1 s, then 2 s after the next one...
      for (let i = 0; i < 5; i++) expect((await bind(api, fixture.eve, "dave", `guess ${i}`)).status).to.equal(401);
      expect(await throttled(bind(api, fixture.eve, "dave", "correct horse"))).to.deep.equal({
        status: 429,
        retryAfter: "1",
        body: { error: { key: "errors:tooManyAttempts", params: { count: 1 } } },
      });
      // Per account from this client: another wallet trying this account from here waits too.
      expect((await bind(api, fixture.others[0], "dave", "correct horse")).status).to.equal(429);
      api.clock.now += 1_000;
      expect((await bind(api, fixture.eve, "dave", "guess 6")).status).to.equal(401);
      expect((await throttled(bind(api, fixture.eve, "dave", "correct horse"))).retryAfter).to.equal("2");
      api.clock.now += 2_000;
      expect((await bind(api, fixture.eve, "dave", "correct horse")).status).to.equal(200);
      expect((await bind(api, fixture.others[0], "dave", "wrong")).status, "cleared: a plain failure again").to.equal(401);
    });

    it("counts parallel guesses before checking them, so a burst cannot slip past the limit", async function () {
      const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => bind(api, fixture.eve, "dave", `guess ${i}`)));
      const statuses = replies.map((reply) => reply.status);
      expect(statuses.filter((status) => status === 401)).to.have.length(5);
      expect(statuses.filter((status) => status === 429)).to.have.length(7);
    });

    it("tells a wallet that must wait before it signs", async function () {
      for (let i = 0; i < 5; i++) await bind(api, fixture.eve, "dave", `guess ${i}`);
      const nonce = await call(api, "/api/auth/nonce", { body: { wallet: fixture.eve.address, purpose: "bind" } });
      expect([nonce.status, keyOf(nonce)]).to.deep.equal([429, "errors:tooManyAttempts"]);
      expect((await call(api, "/api/auth/nonce", { body: { wallet: fixture.eve.address, purpose: "login" } })).status).to.equal(200);
    });

    it("lets the owner in with the right password however many strangers guessed wrong from elsewhere", async function () {
      for (let i = 0; i < 8; i++) {
        await bind(fromClient(api, `127.0.0.${i + 2}`), Wallet.createRandom(), "dave", `guess ${i}`);
      }
      const owner = await bind(api, fixture.eve, "dave", "correct horse");
      expect([owner.status, keyOf(owner)]).to.deep.equal([200, undefined]);
    });

    it("slows a client that tries one password across many accounts, whatever wallets it uses", async function () {
      const sprayer = fromClient(api, "127.0.0.2");
      const statuses = [];
      for (let i = 0; i < 12; i++) statuses.push((await bind(sprayer, Wallet.createRandom(), `account${i}`, "123456")).status);
      expect(statuses).to.deep.equal([...Array<number>(10).fill(401), 429, 429]);
      expect((await bind(api, fixture.eve, "dave", "correct horse")).status, "other clients are not slowed").to.equal(200);
    });

    it("slows a wallet that tries many accounts", async function () {
      for (let i = 0; i < 5; i++) expect((await bind(api, fixture.eve, `account${i}`, "guess")).status).to.equal(401);
      expect(keyOf(await bind(api, fixture.eve, "dave", "correct horse"))).to.equal("errors:tooManyAttempts");
    });
  });

  describe("login, logout and query", function () {
    let token: string;

    beforeEach(async function () {
      await register(api, fixture.dave, dave());
      const reply = await login(api, fixture.dave);
      expect(reply.status).to.equal(200);
      token = (reply.body as unknown as Session).token;
    });

    it("logs a bound wallet in and tells an unbound one to bind or register", async function () {
      const reply = await login(api, fixture.eve);
      expect([reply.status, keyOf(reply)]).to.deep.equal([404, "errors:walletNotBound"]);
      const query = await call(api, "/api/account", { token });
      expect(query.body).to.deep.include({ account: "dave", wallet: fixture.dave.address, referrer: fixture.alice.address });
    });

    it("does not let bad proofs sent in a wallet's name lock that wallet out", async function () {
      for (let i = 0; i < 20; i++) {
        expect(keyOf(await call(api, "/api/login", { body: await prove(api, fixture.dave, "login", fixture.eve) }))).to.equal("errors:wrongSigner");
        expect(keyOf(await call(api, "/api/login", { body: { wallet: fixture.dave.address, nonce: "x", signature: "0x" } }))).to.equal(
          "errors:proofExpired",
        );
        expect(keyOf(await call(api, "/api/bind", { body: { wallet: fixture.dave.address, account: "dave", password: "x", nonce: "x", signature: "0x" } }))).to.equal(
          "errors:proofExpired",
        );
      }
      expect((await login(api, fixture.dave)).status).to.equal(200);
      expect((await bind(api, fixture.dave, "dave", "correct horse")).status).to.equal(200);
    });

    it("limits the requests of one address per minute", async function () {
      const limited = await startApi(fixture, { writesPerMinute: 3 });
      const ask = () => call(limited, "/api/auth/nonce", { body: { wallet: fixture.dave.address, purpose: "login" } });
      for (let i = 0; i < 3; i++) expect((await ask()).status).to.equal(200);
      const refused = await ask();
      await limited.close();
      expect([refused.status, keyOf(refused)]).to.deep.equal([429, "errors:tooManyAttempts"]);
      expect(Number(refused.headers.get("retry-after"))).to.be.within(1, 60);
    });

    it("asks for a login without a token, and after logout or expiry", async function () {
      expect(keyOf(await call(api, "/api/account"))).to.equal("errors:loginRequired");
      expect(keyOf(await call(api, "/api/account", { headers: { authorization: "Basic abc" } }))).to.equal("errors:loginRequired");
      expect(keyOf(await call(api, "/api/account", { token: "made-up" }))).to.equal("errors:sessionExpired");
      expect((await call(api, "/api/logout", { method: "POST", token })).status).to.equal(204);
      const after = await call(api, "/api/account", { token });
      expect([after.status, keyOf(after)]).to.deep.equal([401, "errors:sessionExpired"]);
      expect(keyOf(await call(api, "/api/logout", { method: "POST" }))).to.equal("errors:loginRequired");

      const second = ((await login(api, fixture.dave)).body as unknown as Session).token;
      api.clock.now += DEFAULT_SESSION_TTL_MS - 1;
      expect((await call(api, "/api/account", { token: second })).status).to.equal(200);
      api.clock.now += 1;
      expect(keyOf(await call(api, "/api/account", { token: second }))).to.equal("errors:sessionExpired");
    });

    it("keeps only a hash of each session token", async function () {
      for (const file of filesUnder(api.dataDir)) expect(fs.readFileSync(file).includes(token), file).to.equal(false);
    });

    it("keeps accounts, sessions and key across a restart", async function () {
      const { dataDir, clock } = api;
      const key = (await call<{ key: string }>(api, "/api/config")).body.key;
      await api.close();
      api = await startApi(fixture, { dataDir, clock });
      expect((await call<{ key: string }>(api, "/api/config")).body.key).to.equal(key);
      expect((await call(api, "/api/account", { token })).body).to.deep.include({ account: "dave", wallet: fixture.dave.address });
      expect((await bind(api, fixture.eve, "dave", "correct horse")).status).to.equal(200);
    });
  });

  describe("bad requests", function () {
    it("answers malformed JSON, a body that is not an object, or not JSON, with a message key", async function () {
      for (const raw of ["{bad", "[1,2]", '"text"', "null"]) {
        const reply = await call(api, "/api/login", { raw });
        expect([reply.status, keyOf(reply)], raw).to.deep.equal([400, "errors:malformedRequest"]);
      }
      const form = await call(api, "/api/login", { raw: "wallet=0x", headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect([form.status, keyOf(form)]).to.deep.equal([415, "errors:malformedRequest"]);
    });

    it("refuses an oversized body before reading it", async function () {
      const reply = await call(api, "/api/register", { body: { account: "a".repeat(20_000) } });
      expect([reply.status, keyOf(reply)]).to.deep.equal([413, "errors:bodyTooLarge"]);
    });

    it("answers an unknown route with a message key", async function () {
      const reply = await call(api, "/api/nothing");
      expect([reply.status, keyOf(reply)]).to.deep.equal([404, "errors:notFound"]);
    });

    it("never answers with a stack trace, and never logs a password, token or signature", async function () {
      const offline = await startApi(fixture, {
        referrers: () => {
          throw new TypeError("boom at Object.<anonymous> (/secret/path.js:1:1)");
        },
      });
      const member = { account: "dave", password: "correct horse", referrer: fixture.alice.address };
      const password = await encryptPassword(offline, member.password);
      const proof = await prove(offline, fixture.dave, "register");
      const failed = await call(offline, "/api/register", { body: { ...member, password, ...proof } });
      expect(failed.text).to.equal('{"error":{"key":"errors:network"}}');
      await offline.close();

      const reply = await register(api, fixture.dave, member);
      const { token } = reply.body as unknown as Session;
      await call(api, "/api/account", { token });
      await call(api, "/api/logout", { method: "POST", token });
      const logs = api.logs.join("\n") + offline.logs.join("\n");
      expect(logs).to.contain("account registered");
      for (const secret of [member.password, password, token, proof.signature, proof.nonce]) expect(logs).to.not.contain(secret);
      for (const line of api.logs) expect(() => JSON.parse(line)).to.not.throw();
    });

    it("redacts secrets and the Authorization header from anything logged", async function () {
      api.app.log.info({ password: "p4ss", token: "t0ken", signature: "0xs1g", req: { headers: { authorization: "Bearer t0ken" } } }, "probe");
      const line = api.logs.find((entry) => entry.includes('"probe"'));
      expect(line).to.contain("[Redacted]");
      for (const secret of ["p4ss", "t0ken", "0xs1g"]) expect(line).to.not.contain(secret);
    });
  });

  it("keeps accounts made before names were folded and passwords normalised working", async function () {
    // As the folding rule found them: "ÖL" and "öl" were two accounts (the older took the folded
    // key, the younger has none), and passwords were hashed as typed, here in NFD.
    const legacy = async (name: string, key: string | null, password: string) =>
      api.db.execute(
        sql`INSERT INTO accounts (name, name_key, look_key, password_hash, password_normalized, referrer, created_at)
            VALUES (${name}, ${key}, ${key && lookAlikeKey(name)}, ${await hashPassword(password)}, 0, NULL, 1)`,
      );
    await legacy("ÖL", accountKey("ÖL"), "upper case");
    await legacy("öl", null, "caf\u00e9 horse".normalize("NFD"));
    expect((await bind(api, fixture.dave, "ÖL", "upper case")).body).to.have.nested.property("member.account", "ÖL");
    expect((await bind(api, fixture.eve, "öl", "caf\u00e9 horse")).body, "typed in NFC now").to.have.nested.property("member.account", "öl");
    expect((await bind(api, fixture.others[0], "öl", "caf\u00e9 horse".normalize("NFD"))).status, "rehashed, NFD still").to.equal(200);
    expect(await dbRows(api, sql`SELECT name, password_normalized FROM accounts ORDER BY id`)).to.deep.equal([
      // "upper case" typed is its own normal form: it matched as it is, nothing to rehash.
      { name: "ÖL", password_normalized: 0 },
      { name: "öl", password_normalized: 1 },
    ]);
    expect(keyOf(await register(api, fixture.others[1], { ...dave(), account: "Öl" }))).to.equal("errors:accountTaken");
  });

  it("keeps two accounts whose names look alike from before the rule working, and takes a third such name as taken", async function () {
    // As the look-alike rule found them: the older has the key, the younger none.
    const legacy = async (name: string, look: string | null, password: string) =>
      api.db.execute(
        sql`INSERT INTO accounts (name, name_key, look_key, password_hash, password_normalized, referrer, created_at)
            VALUES (${name}, ${accountKey(name)}, ${look}, ${await hashPassword(password)}, 1, NULL, 1)`,
      );
    await legacy("aIice", lookAlikeKey("aIice"), "older one");
    await legacy("alice", null, "younger one");
    expect((await bind(api, fixture.dave, "aIice", "older one")).body).to.have.nested.property("member.account", "aIice");
    expect((await bind(api, fixture.eve, "alice", "younger one")).body).to.have.nested.property("member.account", "alice");
    expect(keyOf(await register(api, fixture.others[1], { ...dave(), account: "a1ice" }))).to.equal("errors:accountTaken");
  });

  it("accepts a proof signed by a local key as by a node's account", async function () {
    const outsider = Wallet.createRandom();
    const reply = await register(api, outsider, { account: "outsider", password: "correct horse", referrer: fixture.carol.address });
    expect(reply.status).to.equal(201);
    expect((reply.body as unknown as Session).member.wallet).to.equal(outsider.address);
  });
});
