/**
 * Computes the visitor id off the page's main thread (visitorId.ts): the first text drawn on a
 * canvas looks up fonts, and the first `Intl.DateTimeFormat` loads time-zone data — ~30 ms of a
 * page's main thread on a fast machine, several times that on a phone. An OffscreenCanvas gives
 * the same PNG data URL as the page's canvas, so the id is the same as computed in the page.
 * The page sends its screen size; the worker answers the id, or `null` when it cannot compute it.
 */
import { drawSignature, hashProperties, signatureSize, visitorProperties } from './visitorId.ts';

async function canvasSignature(): Promise<string> {
  const canvas = new OffscreenCanvas(signatureSize.width, signatureSize.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return 'no-canvas';
  drawSignature(ctx);
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsDataURL(blob);
  });
}

self.onmessage = async (event: MessageEvent<{ screen: string }>) => {
  try {
    self.postMessage(
      await hashProperties(visitorProperties(event.data.screen, await canvasSignature())),
    );
  } catch {
    self.postMessage(null);
  }
};
