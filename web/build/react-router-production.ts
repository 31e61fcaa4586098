/**
 * React Router 7 in a production build: its production files, with what keeps unused parts alive
 * taken away.
 *
 * - Its package exports name only its development build (its dev warnings and their strings:
 *   github.com/remix-run/react-router/issues/14102, open); a production build takes its
 *   production one (`reactRouterProduction`, resolve aliases).
 * - That file ships its whole API as one module, and two kinds of top-level statement made a
 *   bundler keep components the app never renders (Form, with the form-submission code, and
 *   what a framework-mode Link prefetches): `Form.displayName = "Form"` (a property written, so a
 *   side effect; React DevTools reads it, never a production build) and `React.forwardRef(...)`
 *   without a pure mark. `reactRouterTreeShaking` drops the first and marks the second, so what
 *   the app does not import goes (docs/performance.md §5). A build in which no module of the
 *   library was rewritten fails, as does a module with components but none of those statements:
 *   a release that writes them otherwise stops the build rather than silently growing it.
 */
import path from "node:path";

import { normalizePath, type Alias, type Plugin } from "vite";

const DIST = path.resolve(import.meta.dirname, "../../node_modules/react-router/dist/production");

export const reactRouterProduction: Alias[] = [
  { find: /^react-router$/, replacement: path.join(DIST, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(DIST, "dom-export.mjs") },
];

/** `Link.displayName = "Link";` at the top level of the module (its line is kept, empty, so that
 *  the library's source map still holds). */
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
/** `var Link = React10.forwardRef(`, `var RouteContext = React.createContext(`, `var X = React3.memo(`. */
const COMPONENT_FACTORY = /^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm;

/** The library's code with its top-level displayName writes dropped and its component factories
 *  marked pure; `undefined` when it has neither (a module without components). */
export function treeShakable(code: string): string | undefined {
  const factories = code.match(COMPONENT_FACTORY)?.length ?? 0;
  if (factories === 0) return undefined;
  if (!code.match(DISPLAY_NAME)) throw new Error("react-router: components but no displayName statement found; see web/build/react-router-production.ts");
  return code.replace(DISPLAY_NAME, "").replace(COMPONENT_FACTORY, "$1/* @__PURE__ */ $2");
}

export function reactRouterTreeShaking(): Plugin {
  // Module ids use forward slashes on every system.
  const dist = normalizePath(DIST);
  let rewritten = 0;
  let seen = 0;
  return {
    name: "react-router-tree-shaking",
    apply: "build",
    buildStart() {
      rewritten = 0;
      seen = 0;
    },
    transform(code, id) {
      if (!normalizePath(id).startsWith(dist)) return undefined;
      seen += 1;
      const shaken = treeShakable(code);
      if (shaken === undefined) return undefined;
      rewritten += 1;
      return { code: shaken, map: null };
    },
    buildEnd(error) {
      if (!error && seen > 0 && rewritten === 0) this.error("react-router: none of its modules had the component statements web/build/react-router-production.ts rewrites");
    },
  };
}
