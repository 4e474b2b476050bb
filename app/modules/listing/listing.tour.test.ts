import { describe, expect, it } from "vitest";
import { parseTour, tourEmbedUrl } from "./listing.tour.ts";

describe("a tour link", () => {
  it("is parsed to its provider's id, whichever of the provider's link forms it is", () => {
    const youtube = { provider: "youtube", id: "dQw4w9WgXcQ" };
    expect(parseTour("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30")).toEqual(youtube);
    expect(parseTour("https://youtube.com/shorts/dQw4w9WgXcQ")).toEqual(youtube);
    expect(parseTour("https://m.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual(youtube);
    expect(parseTour(" https://youtu.be/dQw4w9WgXcQ ")).toEqual(youtube);
    expect(parseTour("https://vimeo.com/76979871")).toEqual({ provider: "vimeo", id: "76979871" });
    expect(parseTour("https://my.matterport.com/show/?m=SxQL3iGyoDo")).toEqual({
      provider: "matterport",
      id: "SxQL3iGyoDo",
    });
  });

  it("is refused off https, on another host, or without a valid id", () => {
    for (const link of [
      "http://youtu.be/dQw4w9WgXcQ",
      "https://youtu.be.evil.example/dQw4w9WgXcQ",
      "https://evil.example/?u=https://youtu.be/dQw4w9WgXcQ",
      "https://user:pass@youtu.be/dQw4w9WgXcQ",
      "https://youtu.be:8443/dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ%22%3E",
      "https://vimeo.com/channels/staffpicks",
      "https://matterport.com/show/?m=SxQL3iGyoDo",
      "https://my.matterport.com/show/?m=<script>",
      "javascript:alert(1)",
      "",
    ]) {
      expect(parseTour(link), link).toBeNull();
    }
  });

  it("is embedded from the provider's player host, built from the id alone", () => {
    expect(tourEmbedUrl({ provider: "youtube", id: "dQw4w9WgXcQ" })).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
    );
    expect(tourEmbedUrl({ provider: "vimeo", id: "76979871" })).toBe(
      "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1",
    );
    expect(tourEmbedUrl({ provider: "matterport", id: "SxQL3iGyoDo" })).toBe(
      "https://my.matterport.com/show/?m=SxQL3iGyoDo&play=1",
    );
  });
});
