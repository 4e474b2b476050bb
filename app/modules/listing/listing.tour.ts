import { msg } from "#app/modules/i18n/i18n.ts";

// A listing's video or virtual tour: a YouTube, Vimeo or Matterport page. The page embeds it only once the
// visitor presses play, from an embed URL built here from the parsed id (never the lister's URL as typed), on
// the providers' privacy-friendly hosts; the Content-Security-Policy allows frames from these alone
// (TOUR_FRAME_ORIGINS). Safe for the browser: the form checks the link with the same rule.

export const TOUR_MESSAGE = msg("Use a YouTube, Vimeo or Matterport link");

export type Tour = { provider: "youtube" | "vimeo" | "matterport"; id: string };

/** The origins a tour's frame may come from (the page's CSP frame-src). */
export const TOUR_FRAME_ORIGINS = [
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
  "https://my.matterport.com",
] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const MATTERPORT_ID = /^[A-Za-z0-9]{11}$/;

/** The tour of a link, or null when it is not an https link to one of the providers' videos or tours. */
export function parseTour(link: string): Tour | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const path = url.pathname.split("/").filter(Boolean);
  if (host === "youtube.com" || host === "www.youtube.com" || host === "m.youtube.com") {
    const id =
      path[0] === "watch"
        ? url.searchParams.get("v")
        : path[0] === "embed" || path[0] === "shorts" || path[0] === "live"
          ? path[1]
          : null;
    return id && YOUTUBE_ID.test(id) ? { provider: "youtube", id } : null;
  }
  if (host === "youtu.be") {
    const id = path[0];
    return id && YOUTUBE_ID.test(id) ? { provider: "youtube", id } : null;
  }
  if (host === "vimeo.com" || host === "www.vimeo.com") {
    const id = path.find((part) => VIMEO_ID.test(part));
    return id ? { provider: "vimeo", id } : null;
  }
  if (host === "my.matterport.com" && path[0] === "show") {
    const id = url.searchParams.get("m");
    return id && MATTERPORT_ID.test(id) ? { provider: "matterport", id } : null;
  }
  return null;
}

/** The frame's URL of a tour, started at once (the visitor pressed play to get it). */
export function tourEmbedUrl(tour: Tour) {
  if (tour.provider === "youtube") return `https://www.youtube-nocookie.com/embed/${tour.id}?autoplay=1`;
  if (tour.provider === "vimeo") return `https://player.vimeo.com/video/${tour.id}?autoplay=1&dnt=1`;
  return `https://my.matterport.com/show/?m=${tour.id}&play=1`;
}
