/** A URL is valid when it parses, uses http or https, and names a host with a dot or localhost. */
export function isValidUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return (
    url.hostname === 'localhost' ||
    /\.[a-z0-9-]{2,}$/i.test(url.hostname) ||
    /^\d+\.\d+\.\d+\.\d+$/.test(url.hostname)
  );
}
