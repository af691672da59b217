import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes RGB pixels (row-major, 3 bytes each) as a PNG file. */
function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/**
 * A picture drawn from the prompt: a sky-to-ground gradient in colours taken from the words, a
 * sun and one circle per word, so different prompts give visibly different images. `height`
 * defaults to `width` (square).
 */
export function drawPromptImage(prompt: string, width = 256, height = width): Buffer {
  const size = Math.min(width, height);
  const words = prompt.toLowerCase().split(/\W+/).filter(Boolean).slice(0, 12);
  const seed = hash(prompt);
  const [top, bottom] = [hsl(seed % 360, 0.6, 0.7), hsl((seed >>> 9) % 360, 0.5, 0.35)];
  const circles = words.map((word, index) => {
    const h = hash(`${word}:${index}`);
    return { x: h % width, y: (h >>> 8) % height, r: 8 + ((h >>> 16) % (size / 6)), colour: hsl((h >>> 4) % 360, 0.7, 0.55) };
  });
  const sun = { x: width * 0.75, y: height * 0.25, r: size / 8 };
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const t = y / (height - 1);
      let colour: [number, number, number] = [0, 1, 2].map((i) => Math.round(top[i]! * (1 - t) + bottom[i]! * t)) as [number, number, number];
      if ((x - sun.x) ** 2 + (y - sun.y) ** 2 <= sun.r ** 2) colour = [255, 221, 87];
      for (const circle of circles) if ((x - circle.x) ** 2 + (y - circle.y) ** 2 <= circle.r ** 2) colour = circle.colour;
      pixels.set(colour, (y * width + x) * 3);
    }
  }
  return encodePng(width, height, pixels);
}
