/** Images in a post keep their shape: never cropped to a square (issue 11). */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Media } from '@atelier/shared';
import { MediaGallery } from './MediaGallery.tsx';

const image = (n: number, width: number, height: number): Media => ({
  id: `m${n}`,
  kind: 'image',
  url: `/media/${n}.webp`,
  thumbnailUrl: `/media/${n}-t.webp`,
  width,
  height,
  bytes: 1000,
  mime: 'image/webp',
});

describe('MediaGallery', () => {
  it('shows several images each at its own aspect ratio, uncropped', () => {
    render(<MediaGallery media={[image(1, 800, 600), image(2, 600, 900)]} title="Harbour" />);
    const imgs = screen.getAllByRole('button').map((b) => b.querySelector('img')!);
    expect(imgs).toHaveLength(2);
    expect(imgs[0]!.style.objectFit).toBe('contain');
    expect(imgs[0]!.getAttribute('style')).toContain('aspect-ratio: 800 / 600');
    expect(imgs[1]!.getAttribute('style')).toContain('aspect-ratio: 600 / 900');
    expect(imgs.map((i) => i.getAttribute('style'))).not.toContain(
      expect.stringContaining('object-fit: cover'),
    );
  });
});
