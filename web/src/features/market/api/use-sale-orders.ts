import { read } from "@/lib/contracts/batch";
import { pageContracts } from "@/lib/contracts/page-contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/**
 * A page of orders, newest first: `seller`'s own (the contract gives them newest first), or all
 * of them (read by index, oldest first, and turned around). `total` is the count being paged.
 */
export function useSaleOrders({ seller, offset, pageSize, total }: { seller: string | null; offset: number; pageSize: number; total: number }) {
  const query = useChainQuery(`salelist:${seller ?? "all"}:${offset}:${pageSize}:${total}`, () => ({
    orders: seller
      ? read(pageContracts.market, "ordersOf", seller, BigInt(offset), BigInt(pageSize))
      : read(pageContracts.market, "orders", BigInt(Math.max(0, total - offset - pageSize)), BigInt(Math.max(0, Math.min(pageSize, total - offset)))),
  }));
  const { orders } = query;
  return { ...query, orders: orders && (seller ? [...orders] : [...orders].reverse()) };
}
