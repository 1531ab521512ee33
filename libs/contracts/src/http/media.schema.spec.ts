import {
  attachmentPathFromUploadUrl,
  imageAddressFromUploadUrl,
  imageTypeOfFilename,
  normalizeImageType,
  objectKeyFromUrl,
  resolveUploadType,
  sniffImageType,
  TOO_LARGE_MESSAGES,
  UploadUrlRequestSchema,
} from './media.schema.js';

const key = 'w/11111111-1111-4111-8111-111111111111/22222222-2222-4222-8222-222222222222.png';

describe('media upload rules', () => {
  it('accepts png, jpeg, jpg, gif and webp by extension, in any case, and nothing else', () => {
    expect(['a.png', 'a.JPEG', 'a.jpg', 'a.gif', 'a.webp'].map(imageTypeOfFilename)).toEqual([
      'image/png',
      'image/jpeg',
      'image/jpeg',
      'image/gif',
      'image/webp',
    ]);
    expect(['a.svg', 'a.html', 'a.png.exe', 'png', 'a.bmp'].map(imageTypeOfFilename)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('reads declared types loosely but only accepts images', () => {
    expect(normalizeImageType('IMAGE/JPG; charset=binary')).toBe('image/jpeg');
    expect(normalizeImageType('image/svg+xml')).toBeNull();
    expect(normalizeImageType(undefined)).toBeNull();
  });

  it('knows each accepted type by its first bytes', () => {
    expect(sniffImageType(Buffer.from('89504e470d0a1a0a', 'hex'))).toBe('image/png');
    expect(sniffImageType(Buffer.from('ffd8ffdb', 'hex'))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBP'))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('<svg xmlns='))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
  });

  it('needs the extension and the declared type to agree', () => {
    expect(resolveUploadType('profile', 'me.jpg', 'image/jpeg')).toEqual({ ok: true, contentType: 'image/jpeg' });
    expect(resolveUploadType('profile', 'me.jpg', 'image/png')).toEqual({
      ok: false,
      message: 'Please upload an image file.',
    });
    expect(resolveUploadType('logo', 'logo.svg')).toEqual({ ok: false, message: 'Please select an image file' });
  });

  it('words the limits as the spec does', () => {
    expect(TOO_LARGE_MESSAGES.profile).toBe('Please upload an image smaller than 3MB.');
    expect(TOO_LARGE_MESSAGES.logo).toBe('Please select an image under 5MB');
    expect(TOO_LARGE_MESSAGES.message).toBe('Please upload an image smaller than 10MB.');
  });

  it('defaults POST /api/upload-url to a profile image', () => {
    expect(UploadUrlRequestSchema.parse({ filename: 'a.png', contentType: 'image/png' })).toEqual({
      filename: 'a.png',
      contentType: 'image/png',
      kind: 'profile',
    });
  });

  describe('addresses', () => {
    const local = `http://localhost:3000/objects/${key}?expires=1&max=2&type=image%2Fpng&sig=abc`;
    const s3 = `http://minio:9000/teamchat/${key}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=x&X-Amz-Signature=y`;

    it('stores a local upload at its upload URL without the query string', () => {
      expect(imageAddressFromUploadUrl(local)).toBe(`http://localhost:3000/objects/${key}`);
    });

    it('stores a presigned S3 upload where the gateway serves it, not at the private bucket', () => {
      expect(imageAddressFromUploadUrl(s3)).toBe(`/objects/${key}`);
    });

    it('derives /attachments/... from either kind of upload URL', () => {
      expect(attachmentPathFromUploadUrl(local.replace('/objects/', '/attachments/'))).toBe(`/attachments/${key}`);
      expect(attachmentPathFromUploadUrl(s3)).toBe(`/attachments/${key}`);
      expect(attachmentPathFromUploadUrl('https://example.com/cat.png')).toBeNull();
    });

    it('finds no object key in an address with a malformed percent-escape, without throwing', () => {
      for (const address of ['/attachments/%ZZ', '/objects/%ZZ', '/objects/w/%E0%A4%A/x.png', `/objects/${key}%`])
        expect(objectKeyFromUrl(address)).toBeNull();
    });
  });
});
