/** A phone or tablet: a coarse pointer or a touch screen, where wallets are apps, not extensions. */
export function isTouchDevice(view: Pick<Window, "matchMedia" | "navigator"> = window): boolean {
  return view.matchMedia?.("(pointer: coarse)").matches === true || (view.navigator.maxTouchPoints ?? 0) > 0;
}

/** A phone or tablet, not a desktop with a touch screen: its main pointer is coarse and cannot
 *  hover. Where a page finds a wallet, it is then open in the wallet app's own browser. */
export function isHandheld(view: Pick<Window, "matchMedia"> = window): boolean {
  return view.matchMedia?.("(pointer: coarse) and (hover: none)").matches === true;
}
