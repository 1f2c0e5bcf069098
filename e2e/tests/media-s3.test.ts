/**
 * Media in a bucket, in Chromium: the site runs with S3_* pointing at a real S3-compatible server
 * (s3rver, started here with a CORS rule as an operator sets on a bucket). A video chosen in the
 * post editor is PUT by the browser straight to the bucket (a presigned URL the page's CSP
 * allows), completed through the API, and plays from the published post.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import S3rver from 's3rver';
import { shoot } from '../lib/browser.ts';
import { addFiles } from '../lib/flows.ts';
import { useModeratedSite } from '../lib/site.ts';

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
  </CORSRule>
</CORSConfiguration>`;

/** A small MP4: an ftyp box, then one box running to the end of the file. */
function mp4(bytes: number): Buffer {
  const buf = Buffer.alloc(bytes);
  buf.writeUInt32BE(24, 0);
  buf.write('ftypisom', 4, 'latin1');
  for (let i = 32; i < bytes; i++) buf[i] = i % 251;
  return buf;
}

describe('media in a bucket', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-s3-'));
  let s3: S3rver;
  let endpoint: string;
  const bucket = 'atelier-e2e';

  before(async () => {
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dir, 'bucket'),
      configureBuckets: [{ name: bucket, configs: [CORS] }],
    });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
  });

  // s3rver accepts any well-formed credentials; these exist only for it.
  const site = useModeratedSite({
    env: () => ({
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    }),
  });

  after(async () => {
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads a video from the editor straight to the bucket and plays it in the post', async () => {
    const { server, mod: page } = site;
    const video = path.join(dir, 'waves.mp4');
    fs.writeFileSync(video, mp4(3 * 1024 * 1024));
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && !r.url().startsWith(server.baseUrl)) puts.push(r.url());
    });
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });

    await page.goto('/sections/writing');
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByLabel('Title').fill('Waves, filmed');
    await page.getByLabel('Body (Markdown)').fill('Thirty seconds of the sea at night.');
    await page.getByLabel('Human-made').check();
    await addFiles(page, video);
    await shoot(page, 'editor-video-s3');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('heading', { name: 'Waves, filmed' }).waitFor();

    assert.equal(puts.length, 1, `one PUT off the site, to the bucket: ${puts.join(', ')}`);
    assert.ok(puts[0]!.startsWith(`${endpoint}/${bucket}/uploads/`), puts[0]);
    assert.deepEqual(refused, []);
    const src = await page.locator('video').first().getAttribute('src');
    assert.match(src ?? '', /^\/media\/posts\//);
    const res = await page.request.get(src!, { headers: { range: 'bytes=0-15' } });
    assert.equal(res.status(), 206);
    assert.equal((await res.body()).subarray(4, 12).toString('latin1'), 'ftypisom');
    await shoot(page, 'post-video-s3');
  });
});
