/**
 * The visitor check (seed: PUT auth/verify/{visitorId} after a browser fingerprint is computed):
 * once per signed-in user and page load, the id of visitorId.ts is computed — in a worker where
 * the browser can (OffscreenCanvas), in the page otherwise — and sent. Failures are logged only.
 */
import { authApi } from '../api/auth.ts';
import {
  drawSignature,
  hashProperties,
  screenSize,
  signatureSize,
  visitorProperties,
} from './visitorId.ts';

function canvasSignature(): string {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = signatureSize.width;
    canvas.height = signatureSize.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return 'no-canvas';
    drawSignature(ctx);
    return canvas.toDataURL();
  } catch {
    return 'no-canvas';
  }
}

/** The id computed in the page itself (browsers without OffscreenCanvas in workers). */
export function computeVisitorIdInPage(): Promise<string> {
  return hashProperties(visitorProperties(screenSize(), canvasSignature()));
}

function computeVisitorIdInWorker(): Promise<string | null> {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./visitor.worker.ts', import.meta.url), { type: 'module' });
    const done = (id: string | null) => {
      worker.terminate();
      resolve(id);
    };
    worker.onmessage = (event: MessageEvent<string | null>) => done(event.data);
    worker.onerror = () => done(null);
    worker.postMessage({ screen: screenSize() });
  });
}

export async function computeVisitorId(): Promise<string> {
  return (await computeVisitorIdInWorker()) ?? (await computeVisitorIdInPage());
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
