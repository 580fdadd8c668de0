/** The captcha image's own size: click points are sent in these coordinates. */
export const CAPTCHA_WIDTH = 300;
export const CAPTCHA_HEIGHT = 220;

export interface Point {
  x: number;
  y: number;
}

/**
 * Maps a click on the rendered image (any size) back to the 300x220 image, rounded and kept
 * inside the image.
 */
export function toImagePoint(
  client: { clientX: number; clientY: number },
  rect: { left: number; top: number; width: number; height: number },
): Point {
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v)));
  if (rect.width <= 0 || rect.height <= 0) return { x: 0, y: 0 };
  return {
    x: clamp(((client.clientX - rect.left) * CAPTCHA_WIDTH) / rect.width, CAPTCHA_WIDTH),
    y: clamp(((client.clientY - rect.top) * CAPTCHA_HEIGHT) / rect.height, CAPTCHA_HEIGHT),
  };
}
