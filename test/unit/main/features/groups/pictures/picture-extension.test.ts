import { describe, expect, it } from 'vitest'
import { pictureExtension } from '../../../../../../src-main/features/groups/pictures/download'
import { PICTURE_SIZES, renderPicture } from '../../../../../../src-main/emulator/data/pictures'

const hex = (text: string): Buffer => Buffer.from(text.replace(/\s+/g, ''), 'hex')
// The smallest PNG: 1×1, one transparent pixel.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const JPEG = Buffer.concat([hex('ffd8 ffe0 0010 4a46 4946 0001 0100 0001 0001 0000'), Buffer.alloc(200)])
const GIF = Buffer.concat([Buffer.from('GIF89a'), hex('0100 0100 8000 00'), Buffer.alloc(40)])
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  hex('2400 0000'),
  Buffer.from('WEBPVP8 '),
  hex('1800 0000 3001 009d 012a 0100 0100'),
  Buffer.alloc(20),
])

describe('pictureExtension: what a picture is stored as, by its bytes alone', async () => {
  it('knows the four formats a group picture may be, and the emulator’s pictures', async () => {
    expect(await pictureExtension(JPEG)).toBe('jpg')
    expect(await pictureExtension(PNG)).toBe('png')
    expect(await pictureExtension(GIF)).toBe('gif')
    expect(await pictureExtension(WEBP)).toBe('webp')
    expect(await pictureExtension(renderPicture('group-1', PICTURE_SIZES.thumb))).toBe('png')
  })

  it('refuses what a hostile host may send under an image type', async () => {
    const refused = {
      empty: Buffer.alloc(0),
      html: Buffer.from('<html>not a picture</html>'),
      svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      bmp: Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]),
      'a PNG signature alone': PNG.subarray(0, 8),
      'a PNG whose header chunk is not IHDR': Buffer.concat([PNG.subarray(0, 12), Buffer.from('JUNK'), PNG.subarray(16)]),
      'RIFF that is a WAVE': Buffer.concat([Buffer.from('RIFF'), hex('2400 0000'), Buffer.from('WAVEfmt '), Buffer.alloc(20)]),
      'a GIF of an unknown version': Buffer.concat([Buffer.from('GIF85a'), Buffer.alloc(20)]),
      'one byte of a JPEG': JPEG.subarray(0, 1),
    }
    for (const [what, bytes] of Object.entries(refused))
      expect({ what, extension: await pictureExtension(bytes) }).toEqual({ what, extension: null })
  })

  it('reads only the bytes of the view it is given, not the rest of their buffer', async () => {
    const lane = Buffer.concat([PNG, Buffer.from('<html>')])
    expect(await pictureExtension(lane.subarray(PNG.byteLength))).toBeNull()
    expect(await pictureExtension(new Uint8Array(lane.buffer, lane.byteOffset, PNG.byteLength))).toBe('png')
  })
})
