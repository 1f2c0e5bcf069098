import { describe, expect, it } from 'vitest';
import { isValidUrl } from './url.ts';

describe('isValidUrl', () => {
  it.each<[string, boolean, string[]]>([
    [
      'accepts http and https addresses with a real host name',
      true,
      [
        'https://example.com',
        'http://example.com',
        'https://www.artstation.com/some-artist',
        'https://example.co.kr/path?q=1#top',
        'https://example.org:8443/a/b',
        'https://sub-domain.example-site.io',
        'http://localhost:3000/page',
        'http://192.168.1.10/portfolio',
        'https://例え.jp/作品',
      ],
    ],
    [
      'refuses other schemes',
      false,
      [
        'ftp://example.com/file',
        'javascript:alert(1)',
        'data:text/html,hi',
        'mailto:someone@example.com',
        'file:///etc/passwd',
      ],
    ],
    [
      'refuses text that is not an absolute URL',
      false,
      [
        '',
        'example.com',
        'www.example.com/page',
        '/relative/path',
        'https://',
        'not a url',
        'http//example.com',
      ],
    ],
    [
      'refuses hosts without a dot-separated name (except localhost)',
      false,
      ['https://intranet', 'https://example.c', 'http://server/page'],
    ],
  ])('%s', (_name, valid, urls) => {
    for (const url of urls) {
      expect(isValidUrl(url), url).toBe(valid);
    }
  });
});
