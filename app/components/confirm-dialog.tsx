import { useEffect, useId, useRef } from "react";
import { useI18n } from "#app/components/use-i18n.ts";

type Props = {
  open: boolean;
  title: string;
  detail?: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal confirmation: showModal() moves focus to its first button (Cancel, the safe choice), Escape cancels,
 * and focus returns to the opener on close.
 */
export function ConfirmDialog({ open, title, detail, confirmLabel, onConfirm, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Unique per dialog: a page may hold two (Profile: delete a listing, delete the account).
  const titleId = useId();
  const { t } = useI18n();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      // Escape's cancel event comes before the dialog closes, at once: the state follows it there, so an Enter
      // that comes right after (a quick hand, a busy machine) opens the confirmation again rather than meet a
      // state that still says "open" and do nothing.
      onCancel={onCancel}
      // The close event comes a task after the dialog closed: a quick Escape then Enter on the opener has opened
      // it again by then, and a stale close must not shut the new confirmation.
      onClose={() => {
        if (!dialog.current?.open) onCancel();
      }}
      className="m-auto w-[min(24rem,90vw)] rounded-2xl border border-line bg-surface p-6 text-ink shadow-xl backdrop:bg-black/50"
    >
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      {detail ? <p className="mt-2 text-muted">{detail}</p> : null}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t("Cancel")}
        </button>
        <button type="button" className="btn-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
