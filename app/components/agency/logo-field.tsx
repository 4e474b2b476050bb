import { FieldError } from "#app/components/field-error.tsx";
import { usePhotoUploads } from "#app/components/listing-editor/use-photo-uploads.ts";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { useI18n } from "#app/components/use-i18n.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { ACCEPTED_IMAGE_EXTENSIONS } from "#app/modules/image/image.upload.ts";

const ONE_LOGO = { kind: "photo", max: 1, tooMany: msg("Please choose one logo") } as const;

type Props = {
  /** The logo saved now, if any (its URL). */
  current: { src: string } | null;
  error?: string;
};

/**
 * The agency's logo, uploaded through the photo pipeline (resumable, decoded and stripped of metadata on the
 * server) as a listing's photos are; the finished upload's id is submitted as `logoImageId`. Without a new
 * one the saved logo stays.
 */
export function LogoField({ current, error }: Props) {
  const { t, translate } = useI18n();
  const hydrated = useHydrated();
  const logo = usePhotoUploads([], ONE_LOGO);
  const item = logo.items[0];
  const preview = item?.preview ?? current?.src ?? null;
  return (
    <div>
      <label htmlFor="agency-logo" className="field-label">
        {t("Logo (optional)")}
      </label>
      <div className="flex flex-wrap items-center gap-4">
        {preview ? (
          <img
            src={preview}
            alt={t("The agency's logo")}
            className="size-20 rounded-lg border border-line object-contain"
          />
        ) : null}
        {item ? (
          <div className="flex flex-col gap-1 text-sm">
            <p role="status">
              {item.status === "done"
                ? t("Logo uploaded")
                : item.status === "failed"
                  ? translate(item.error ?? "")
                  : t("Uploading… {progress}%", { progress: Math.round(item.progress) })}
            </p>
            <button type="button" className="link self-start" onClick={() => logo.remove(item.key)}>
              {t("Choose another logo")}
            </button>
          </div>
        ) : (
          <input
            id="agency-logo"
            type="file"
            accept={ACCEPTED_IMAGE_EXTENSIONS.join(",")}
            disabled={!hydrated}
            onChange={(event) => logo.addFiles([...(event.target.files ?? [])])}
            className="text-sm"
          />
        )}
      </div>
      {item?.status === "done" && item.imageId ? (
        <input type="hidden" name="logoImageId" value={item.imageId} />
      ) : null}
      <FieldError id="agency-logo-error" message={error} />
    </div>
  );
}
