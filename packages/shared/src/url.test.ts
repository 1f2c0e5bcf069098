import { describe, expect, it } from 'vitest';
import { isValidUrl } from './url.ts';

describe('isValidUrl', () => {
  it('accepts http and https addresses with a real host name', () => {
    for (const url of [
      'https://example.com',
      'http://example.com',
      'https://www.artstation.com/some-artist',
      'https://example.co.kr/path?q=1#top',
      'https://example.org:8443/a/b',
      'https://sub-domain.example-site.io',
      'http://localhost:3000/page',
      'http://192.168.1.10/portfolio',
      'https://例え.jp/作品',
    ]) {
      expect(isValidUrl(url), url).toBe(true);
    }
  });

  it('refuses other schemes', () => {
    for (const url of [
      'ftp://example.com/file',
      'javascript:alert(1)',
      'data:text/html,hi',
      'mailto:someone@example.com',
      'file:///etc/passwd',
    ]) {
      expect(isValidUrl(url), url).toBe(false);
    }
  });

  it('refuses text that is not an absolute URL', () => {
    for (const url of [
      '',
      'example.com',
      'www.example.com/page',
      '/relative/path',
      'https://',
      'not a url',
      'http//example.com',
    ]) {
      expect(isValidUrl(url), url).toBe(false);
    }
  });

  it('refuses hosts without a dot-separated name (except localhost)', () => {
    for (const url of ['https://intranet', 'https://example.c', 'http://server/page']) {
      expect(isValidUrl(url), url).toBe(false);
    }
  });
});
