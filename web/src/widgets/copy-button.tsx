import { useState } from "react";
import { useTranslation } from "react-i18next";

import { log } from "@/lib/log";
import { toast } from "@/lib/toast/toast-store";

/** Copies `text`; `label` replaces 'Copy' (say, 'Copy address'), `className` the button style. */
export function CopyButton({ text, label, className = "button" }: { text: string; label?: string; className?: string }) {
  const { t } = useTranslation("common");
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success("common:actions.copied");
      setTimeout(() => setCopied(false), 2_000);
    } catch (error) {
      log.warn("copy failed", error);
    }
  };
  return (
    <button type="button" className={className} onClick={() => void copy()}>
      {copied ? t("actions.copied") : (label ?? t("actions.copy"))}
    </button>
  );
}
