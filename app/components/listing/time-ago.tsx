import { useEffect, useState } from "react";
import { useI18n } from "#app/components/use-i18n.ts";
import { formatExactDate, timeAgo } from "#app/modules/listing/listing.status.ts";

/**
 * "3 days ago" with its exact date: the mouse gets it as the title, the keyboard as a tooltip on focus, and a
 * screen reader reads it after the words. `now` comes from the loader, so the HTML and the hydrated page agree;
 * once hydrated it counts from the browser's clock, since a visitor's page may come from the page cache
 * (decision 041), rendered days ago when nothing has been written since.
 */
export function TimeAgo({ at, now: rendered }: { at: number; now: number }) {
  const [now, setNow] = useState(rendered);
  const i18n = useI18n();
  useEffect(() => setNow(Date.now()), []);
  const exact = formatExactDate(at, i18n);
  return (
    <>
      <time
        dateTime={new Date(at).toISOString()}
        title={exact}
        data-tooltip={exact}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so the keyboard can show its exact date
        tabIndex={0}
        className="tooltip"
      >
        {timeAgo(at, now, i18n)}
      </time>
      <span className="sr-only"> ({exact})</span>
    </>
  );
}
