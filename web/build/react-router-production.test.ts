import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import { build, type Plugin, type Rolldown } from "vite";
import { describe, expect, it } from "vitest";

import { reactRouterProduction, reactRouterTreeShaking, treeShakable } from "./react-router-production";

const INDEX = reactRouterProduction[0].replacement as string;

/** The minified bundle of an entry with `source`, built by Vite as the app is (React Router
 *  resolved to its production files), with or without the tree-shaking plugin; React stays outside. */
async function bundle(source: string, shaking: boolean, before: Plugin[] = []): Promise<string> {
  const entry = { name: "entry", resolveId: (id: string) => (id === "entry" ? id : undefined), load: (id: string) => (id === "entry" ? source : undefined) };
  const result = (await build({
    configFile: false,
    logLevel: "silent",
    plugins: [entry, ...before, ...(shaking ? [reactRouterTreeShaking()] : [])],
    resolve: { alias: reactRouterProduction },
    build: { write: false, minify: true, rolldownOptions: { input: "entry", preserveEntrySignatures: "strict", external: ["react", "react-dom", "react/jsx-runtime"] } },
  })) as Rolldown.RolldownOutput;
  return result.output.map((chunk) => ("code" in chunk ? chunk.code : "")).join("\n");
}

describe("React Router in a production build", () => {
  it("finds the library's displayName writes and component factories, and keeps its lines", () => {
    const dist = path.dirname(INDEX);
    const chunks = readdirSync(dist).filter((file) => /^chunk-.*\.mjs$/.test(file)).map((file) => readFileSync(path.join(dist, file), "utf8"));
    const code = chunks.find((chunk) => /^var Form = /m.test(chunk))!;
    const shaken = treeShakable(code)!;
    expect(shaken).not.toMatch(/^Form\.displayName = /m);
    expect(shaken).toMatch(/^var Form = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/m);
    expect(shaken).toMatch(/^var RouteContext = \/\* @__PURE__ \*\/ React\d*\.createContext\(/m);
    expect(shaken.split("\n")).toHaveLength(code.split("\n").length);
    expect(treeShakable("export const plain = 1;\n")).toBeUndefined();
  });

  it("refuses a release whose components it cannot make removable, rather than letting the build grow", () => {
    expect(() => treeShakable('var Link = React.forwardRef(function Link() {});\nLink["displayName"] = "Link";\n')).toThrow(/no displayName statement/);
  });

  it("leaves out what the app does not use: Form and its submission code", async () => {
    const app = 'import { Link, useRoutes } from "react-router"; export { Link, useRoutes };';
    const [without, shaken] = await Promise.all([bundle(app, false), bundle(app, true)]);
    expect(without).toContain("application/x-www-form-urlencoded");
    expect(shaken).not.toContain("application/x-www-form-urlencoded");
    expect(shaken).toContain("useRoutes");
    expect(shaken.length).toBeLessThan(without.length);
  });

  it("stops a build in which a release writes its components otherwise, rather than letting it grow", async () => {
    // A release that declares its components with `const`: nothing the plugin knows to rewrite.
    const release: Plugin = {
      name: "another-release",
      enforce: "pre",
      transform: (code, id) => (id.includes("react-router") ? code.replace(/^var (\w+) = (React\d*\.)/gm, "const $1 = $2") : undefined),
    };
    await expect(bundle('export { Link } from "react-router";', true, [release])).rejects.toThrow(/none of its modules had the component statements/);
  });
});
