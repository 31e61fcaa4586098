/**
 * The price tolerance's settings, opened from the bound of a priced form (bound.tsx) and loaded
 * then: 0.1%, 0.5% (the default) or 1%, or a value of the user's own from 0.01% to 5%. Saved for
 * every priced action and remembered on the device (store/settings-slice.ts); a value that cannot
 * be used is said under its field and nothing is saved, so the bound sent stays what it was.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";

import { useMessage } from "@/i18n/use-message";
import { tolerancePercent, useToleranceBps } from "@/lib/contracts/tolerance";
import { TOLERANCE_PRESETS_BPS, parseTolerancePercent } from "@/lib/contracts/tolerance-input";
import { useAppStore } from "@/store";

import { ButtonRow, Field } from "@/components/form";
import { Note } from "@/components/ui";
import styles from "./tolerance-settings.module.css";

/** Above this (1%), the settings say what a wide tolerance costs. */
const WIDE_BPS = 100;

type Choice = number | "own";

export function ToleranceSettings({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(["trade", "common"]);
  const translate = useMessage();
  const current = useToleranceBps();
  const setToleranceBps = useAppStore((state) => state.setToleranceBps);
  const preset = (TOLERANCE_PRESETS_BPS as readonly number[]).includes(current);
  const [choice, setChoice] = useState<Choice>(preset ? current : "own");
  const [typed, setTyped] = useState(preset ? "" : tolerancePercent(current));
  const [tried, setTried] = useState(false);
  const title = useId();
  const name = useId();
  const form = useRef<HTMLFormElement>(null);
  // Opened: the keyboard starts on the choice in force.
  useEffect(() => form.current?.querySelector<HTMLInputElement>("input:checked")?.focus(), []);

  const parsed = choice === "own" ? parseTolerancePercent(typed) : { bps: choice };
  const chosen = "bps" in parsed ? parsed.bps : undefined;
  // Said while typing, or once Save is pressed with the field empty.
  const problem = "problem" in parsed && (tried || typed.trim() !== "") ? translate(parsed.problem) : undefined;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (chosen === undefined) return;
    setToleranceBps(chosen);
    onClose();
  };

  return (
    <form ref={form} className={styles.panel} onSubmit={save} aria-labelledby={title} noValidate>
      <fieldset className={styles.choices}>
        <legend id={title} className={styles.title}>
          {t("toleranceTitle")}
        </legend>
        {TOLERANCE_PRESETS_BPS.map((bps) => (
          <label key={bps} className={styles.choice}>
            <input type="radio" name={name} checked={choice === bps} onChange={() => setChoice(bps)} />
            {tolerancePercent(bps)}%
          </label>
        ))}
        <label className={styles.choice}>
          <input type="radio" name={name} checked={choice === "own"} onChange={() => setChoice("own")} />
          {t("toleranceOwn")}
        </label>
      </fieldset>
      {choice === "own" && (
        <Field
          label={t("toleranceOwnLabel")}
          value={typed}
          onChange={(text) => {
            setTyped(text);
            setTried(false);
          }}
          inputMode="decimal"
          placeholder="0.3"
          suffix={<span className={styles.percent}>%</span>}
          error={problem}
        />
      )}
      <Note>{t("toleranceExplained")}</Note>
      {chosen !== undefined && chosen > WIDE_BPS && <Note>{t("toleranceWide")}</Note>}
      <ButtonRow>
        <button type="button" className={`button ${styles.cancel}`} onClick={onClose}>
          {t("common:actions.cancel")}
        </button>
        <button type="submit" className="button">
          {t("toleranceSave")}
        </button>
      </ButtonRow>
    </form>
  );
}
