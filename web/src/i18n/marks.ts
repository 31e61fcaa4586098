/** Shown instead of a missing key, so that a missing translation is visible and testable. */
export const MISSING_KEY_MARK = "⟦missing⟧";
