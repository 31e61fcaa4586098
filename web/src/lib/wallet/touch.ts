/** A phone or tablet: a coarse pointer or a touch screen, where wallets are apps, not extensions. */
export function isTouchDevice(view: Pick<Window, "matchMedia" | "navigator"> = window): boolean {
  return view.matchMedia?.("(pointer: coarse)").matches === true || (view.navigator.maxTouchPoints ?? 0) > 0;
}
