import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useI18n } from "#app/components/use-i18n.ts";

/** A spinner over the page while a navigation or a save takes longer than a blink. */
export function PendingNavigation() {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  const { t } = useI18n();
  useEffect(() => {
    if (!pending) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(timer);
  }, [pending]);
  if (!visible) return null;
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-canvas/60" role="status">
      <span className="size-14 animate-spin rounded-full border-4 border-brand-soft border-t-brand" />
      <span className="sr-only">{navigation.state === "submitting" ? t("Saving") : t("Loading")}</span>
    </div>
  );
}
