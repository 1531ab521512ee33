import { siteRelativeImageAddress, uploadAddressBases } from './image-address.js';
import type { GatewayRuntime } from '../gateway.runtime.js';

const key = 'w/0b9f4c4e-5d0a-4d6b-9d53-6d3f3f6f0a11/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f.png';
const env = (over: Partial<GatewayRuntime['env']> = {}) =>
  ({ STORAGE_DRIVER: 'local', S3_BUCKET: 'teamchat', ...over }) as GatewayRuntime['env'];

describe(siteRelativeImageAddress.name, () => {
  const local = uploadAddressBases(env(), 'https://chat.example.com');
  const s3 = uploadAddressBases(
    env({ STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://minio:9000/', S3_BUCKET: 'media' }),
    'https://chat.example.com/',
  );

  it("makes this site's own object address site-relative", () => {
    expect(siteRelativeImageAddress(`https://chat.example.com/objects/${key}`, local)).toBe(`/objects/${key}`);
  });

  it('addresses an object of the private bucket where the gateway serves it', () => {
    expect(siteRelativeImageAddress(`http://minio:9000/media/${key}`, s3)).toBe(`/objects/${key}`);
  });

  it.each([
    ['another site', `https://elsewhere.example/objects/${key}`],
    ['the signed upload URL', `https://chat.example.com/objects/${key}?expires=1&sig=x`],
    ['another scheme', `http://chat.example.com/objects/${key}`],
    ['a site-relative address', `/objects/${key}`],
    ['anything else', 'https://chat.example.com/uploads/a.png'],
  ])('leaves %s unchanged for the service to judge', (_label, address) => {
    expect(siteRelativeImageAddress(address, local)).toBe(address);
  });

  it('knows the bucket at the public endpoint browsers upload to', () => {
    const published = uploadAddressBases(
      env({
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'http://minio:9000',
        S3_PUBLIC_ENDPOINT: 'https://files.example.com',
        S3_BUCKET: 'media',
      }),
      'https://chat.example.com',
    );
    expect(siteRelativeImageAddress(`https://files.example.com/media/${key}`, published)).toBe(`/objects/${key}`);
  });

  it('keeps a message image under /attachments, and files a bucket object under the route of its kind', () => {
    expect(siteRelativeImageAddress(`https://chat.example.com/attachments/${key}`, local)).toBe(`/attachments/${key}`);
    const forMessages = uploadAddressBases(
      env({ STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://minio:9000/', S3_BUCKET: 'media' }),
      'https://chat.example.com/',
      'attachments',
    );
    expect(siteRelativeImageAddress(`http://minio:9000/media/${key}`, forMessages)).toBe(`/attachments/${key}`);
  });

  it('knows no bucket on the local driver', () => {
    expect(siteRelativeImageAddress(`http://minio:9000/media/${key}`, local)).toBe(`http://minio:9000/media/${key}`);
  });
});
