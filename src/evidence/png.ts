/** Width and height from a PNG's header (the IHDR chunk that must come first). */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('Not a PNG image');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** At most this many bytes per stored image (DESIGN §5e). */
export const MAX_IMAGE_BYTES = 600 * 1024;

/** A first guess: pages of more CSS pixels than this start downscaled (encoding a tall page at full size is seconds lost). */
const FIRST_TRY_PIXELS = 1280 * 4000;

/**
 * Takes an image of `pixels` CSS pixels at scale 1 (less for a very tall page), and again smaller
 * while it is over MAX_IMAGE_BYTES (PNG size grows with the pixel count, so the square root of the
 * excess is about the right shrink).
 */
export async function fitToMaxBytes(pixels: number, shoot: (scale: number) => Promise<Uint8Array>): Promise<{ png: Buffer; scale: number }> {
  let scale = Math.min(1, Math.sqrt(FIRST_TRY_PIXELS / pixels));
  for (let attempt = 0; attempt < 8; attempt++) {
    const png = Buffer.from(await shoot(scale));
    if (png.length <= MAX_IMAGE_BYTES) return { png, scale };
    scale *= Math.min(0.9, Math.sqrt(MAX_IMAGE_BYTES / png.length) * 0.95);
  }
  throw new Error(`The image stays over ${MAX_IMAGE_BYTES} bytes even downscaled`);
}
