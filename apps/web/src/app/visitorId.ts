/**
 * The visitor id (seed: PUT auth/verify/{visitorId} after a browser fingerprint is computed), the
 * same computation in the page and in its worker (visitor.worker.ts): both have `navigator`,
 * `Intl`, a 2D canvas and `crypto.subtle`; only the screen size comes from the page.
 *
 * It is a small documented hash, not a tracking library: the SHA-256 (hex, 64 chars) of these
 * stable browser properties, joined with "\n" in this order:
 *   userAgent, languages (comma-joined), platform, hardwareConcurrency, deviceMemory,
 *   screen width x height x colorDepth, time zone, and the data URL of a fixed text drawn on a
 *   canvas (fonts and anti-aliasing differ between machines).
 * It is the same for the same browser on the same machine and differs between most machines; the
 * server stores (user, visitorId, time) so moderators can spot ban evasion.
 */

export const signatureSize = { width: 240, height: 40 } as const;

/** Draws the fixed text whose pixels (as a PNG data URL) end the properties. */
export function drawSignature(
  ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
): void {
  ctx.textBaseline = 'top';
  ctx.font = '16px sans-serif';
  ctx.fillStyle = '#f60';
  ctx.fillRect(100, 1, 62, 20);
  ctx.fillStyle = '#069';
  ctx.fillText('Atelier, 아틀리에 ✓', 2, 15);
}

/** "1920x1080x24": the page's `screen`, which a worker does not have. */
export function screenSize(): string {
  return `${screen.width}x${screen.height}x${screen.colorDepth}`;
}

export function visitorProperties(screenSizeValue: string, canvasSignature: string): string[] {
  const nav = navigator as Navigator & { deviceMemory?: number };
  return [
    nav.userAgent,
    Array.from(nav.languages).join(','),
    // Deprecated for feature detection, but a stable property of the machine, which is the point here.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    nav.platform,
    String(nav.hardwareConcurrency),
    String(nav.deviceMemory ?? ''),
    screenSizeValue,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    canvasSignature,
  ];
}

export async function hashProperties(properties: string[]): Promise<string> {
  const data = new TextEncoder().encode(properties.join('\n'));
  const digest = await crypto.subtle.digest('SHA-256', data);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
