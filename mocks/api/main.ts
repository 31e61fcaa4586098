/** `npm run api`: the mock account API as a process of its own (settings: see start.ts). */
import { configFromEnv, startApi } from "./start";

const config = configFromEnv();
startApi(config).then(
  (app) => {
    app.log.info({ dataDir: config.dataDir, rpcUrl: config.rpcUrl }, "account API ready");
    const stop = () => void app.close().then(() => process.exit(0));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  },
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
