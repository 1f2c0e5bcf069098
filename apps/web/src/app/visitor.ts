/**
 * Visitor check (seed: PUT auth/verify/{visitorId} after a browser fingerprint is computed).
 *
 * The visitor id is a small documented hash, not a tracking library: the SHA-256 (hex, 64 chars)
 * of these stable browser properties, joined with "\n" in this order:
 *   userAgent, languages (comma-joined), platform, hardwareConcurrency, deviceMemory,
 *   screen width x height x colorDepth, time zone, and the data URL of a fixed text drawn on a
 *   canvas (fonts and anti-aliasing differ between machines).
 * It is the same for the same browser on the same machine and differs between most machines; the
 * server stores (user, visitorId, time) so moderators can spot ban evasion. Failures are logged only.
 */
import { authApi } from '../api/auth.ts';

function canvasSignature(): string {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 40;
    const ctx = canvas.getContext('2d');
    if (!ctx) return 'no-canvas';
    ctx.textBaseline = 'top';
    ctx.font = '16px sans-serif';
    ctx.fillStyle = '#f60';
    ctx.fillRect(100, 1, 62, 20);
    ctx.fillStyle = '#069';
    ctx.fillText('Atelier, 아틀리에 ✓', 2, 15);
    return canvas.toDataURL();
  } catch {
    return 'no-canvas';
  }
}

export function visitorProperties(): string[] {
  const nav = navigator as Navigator & { deviceMemory?: number };
  return [
    nav.userAgent,
    Array.from(nav.languages).join(','),
    // Deprecated for feature detection, but a stable property of the machine, which is the point here.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    nav.platform,
    String(nav.hardwareConcurrency),
    String(nav.deviceMemory ?? ''),
    `${screen.width}x${screen.height}x${screen.colorDepth}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    canvasSignature(),
  ];
}

export async function computeVisitorId(): Promise<string> {
  const data = new TextEncoder().encode(visitorProperties().join('\n'));
  const digest = await crypto.subtle.digest('SHA-256', data);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const checked = new Set<string>();

/** Once per signed-in user and page load. */
export async function checkVisitor(userId: string): Promise<void> {
  if (checked.has(userId)) return;
  checked.add(userId);
  try {
    await authApi.verifyVisitor(await computeVisitorId());
  } catch (error) {
    console.warn('Visitor check failed', error);
  }
}
