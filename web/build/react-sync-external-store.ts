/**
 * Stands in for `use-sync-external-store/shim`, the hook's stand-in for React before 18, which
 * react-i18next imports: on React 18 and later the shim only hands over React's own hook, after
 * carrying its pre-18 code into the first download (about 0.5 kB gzip). This app runs React 19, so
 * it takes React's hook directly, as the with-selector alias in vite.config.mts does for zustand.
 */
export { useSyncExternalStore } from "react";
