import { useRef, useState } from "react";
import { Form } from "react-router";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { useI18n } from "#app/components/use-i18n.ts";

/** Profile's "Your data": download everything the site holds about you, or delete your account with it. */
export function YourData() {
  const [asking, setAsking] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const { t } = useI18n();
  return (
    <section aria-labelledby="your-data-heading" className="card mt-6 p-5">
      <h2 id="your-data-heading" className="text-lg font-bold">
        {t("Your data")}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {t(
          "A copy of your account, listings, saved homes and searches, or your account deleted with all of it.",
        )}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href="/profile/data" download className="btn-secondary">
          {t("Download my data")}
        </a>
        <Form method="post" ref={form}>
          <input type="hidden" name="intent" value="delete-account" />
          <input type="hidden" name="confirm" value="yes" />
          <button type="button" className="btn-danger" onClick={() => setAsking(true)}>
            {t("Delete my account")}
          </button>
        </Form>
      </div>
      <ConfirmDialog
        open={asking}
        title={t("Delete your account?")}
        detail={t(
          "Your listings, their photos, your saved homes and searches are deleted and you are signed out everywhere. This cannot be undone.",
        )}
        confirmLabel={t("Delete my account")}
        onConfirm={() => {
          setAsking(false);
          form.current?.requestSubmit();
        }}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
