import { WalletProvider } from "@/lib/wallet/wallet";

import { AppRouter } from "./router";

export function App() {
  return (
    <WalletProvider>
      <AppRouter />
    </WalletProvider>
  );
}
