import type activity from "./locales/en/activity.json";
import type common from "./locales/en/common.json";
import type consoleMessages from "./locales/en/console.json";
import type errors from "./locales/en/errors.json";
import type governance from "./locales/en/governance.json";
import type pages from "./locales/en/pages.json";
import type trade from "./locales/en/trade.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: { activity: typeof activity; common: typeof common; console: typeof consoleMessages; errors: typeof errors; governance: typeof governance; pages: typeof pages; trade: typeof trade };
  }
}
