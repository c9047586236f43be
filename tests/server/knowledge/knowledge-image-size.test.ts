import { imageSize } from '../../../server/services/knowledge/image-size';
import { malformedJpeg, pngDeclaring, textPng } from '../../fixtures/images';

function segment(marker: number, body: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length + 2);
  return Buffer.concat([Buffer.from([0xff, marker]), length, body]);
}

/** A JPEG's header as cameras write it: JFIF, Exif, a quantisation table, then a progressive frame. */
function cameraJpegHeader(width: number, height: number): Buffer {
  const frame = Buffer.from([8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.alloc(300, 7)])),
    Buffer.from([0xff]),
    segment(0xdb, Buffer.alloc(65, 1)),
    segment(0xc2, frame),
  ]);
}

describe('imageSize', () => {
  it('reads a PNG’s size from its header', () => {
    expect(imageSize(pngDeclaring(100_000, 100_000), 'image/png')).toEqual({ width: 100_000, height: 100_000 });
    expect(imageSize(textPng(['HI'], 2), 'image/png')).toEqual({ width: 40, height: 38 });
  });

  it('walks a JPEG’s segments (and fill bytes) to its frame header', () => {
    expect(imageSize(cameraJpegHeader(4032, 3024), 'image/jpeg')).toEqual({ width: 4032, height: 3024 });
    expect(imageSize(malformedJpeg(), 'image/jpeg')).toEqual({ width: 100, height: 100 });
  });

  it('answers null for a header that is cut short, damaged or declares no pixels', () => {
    expect(imageSize(pngDeclaring(100, 100).subarray(0, 20), 'image/png')).toBeNull();
    expect(imageSize(pngDeclaring(0, 100), 'image/png')).toBeNull();
    expect(imageSize(malformedJpeg(true), 'image/jpeg')).toBeNull();
    expect(imageSize(cameraJpegHeader(640, 480).subarray(0, 40), 'image/jpeg')).toBeNull();
    expect(imageSize(cameraJpegHeader(0, 480), 'image/jpeg')).toBeNull();
  });
});
