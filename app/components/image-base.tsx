import { createContext, useContext } from "react";

const ImageBaseContext = createContext("");

/**
 * Carries IMAGE_BASE_URL (root.tsx reads it from its loader) to every component that shows a photo, on the
 * server and in the browser alike: "" serves photos through the app's /images/ route.
 */
export const ImageBaseProvider = ImageBaseContext.Provider;

/** Where photos are served from: pass it to imageSources(image, base). */
export function useImageBase() {
  return useContext(ImageBaseContext);
}
