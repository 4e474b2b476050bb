// Colours are mixed and lit in linear light, as a camera sensor sees them; only the finish turns them into
// sRGB. Palettes are written as the #rrggbb a designer would pick and converted once.

/** A colour in linear light, each channel 0 (black) to 1 (the white of paper in full light). */
export type Rgb = { r: number; g: number; b: number };

/** The linear-light colour of an sRGB #rrggbb, optionally scaled. */
export function rgb(hex: string, scale = 1): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return {
    r: toLinear((value >> 16) / 255) * scale,
    g: toLinear(((value >> 8) & 0xff) / 255) * scale,
    b: toLinear((value & 0xff) / 255) * scale,
  };
}

/** A linear-light colour from channel values. */
export function linear(r: number, g: number, b: number): Rgb {
  return { r, g, b };
}

/** `a` towards `b` by t (0 keeps a, 1 gives b). */
export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t };
}

/** A colour times a factor. */
export function scale(color: Rgb, factor: number): Rgb {
  return { r: color.r * factor, g: color.g * factor, b: color.b * factor };
}

/** The channel-wise product of two colours (light falling on a surface). */
export function multiply(a: Rgb, b: Rgb): Rgb {
  return { r: a.r * b.r, g: a.g * b.g, b: a.b * b.b };
}

/** The perceived brightness of a linear colour. */
export function luminance(color: Rgb): number {
  return 0.2126 * color.r + 0.7152 * color.g + 0.0722 * color.b;
}

function toLinear(channel: number): number {
  return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
}
