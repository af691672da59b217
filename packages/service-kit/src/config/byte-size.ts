const UNIT_BYTES = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 } as const;
type Unit = keyof typeof UNIT_BYTES;
const BYTE_SIZE = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i;

/** Parses sizes the way operators write them ('100kb', '1.5mb', '2048'); undefined if unreadable. */
export function parseByteSize(text: string): number | undefined {
  const match = BYTE_SIZE.exec(text.trim());
  if (!match) return undefined;
  const [, amount = '', unit = 'b'] = match;
  return Math.floor(Number(amount) * UNIT_BYTES[unit.toLowerCase() as Unit]);
}

const DISPLAY_UNITS = [
  ['GB', UNIT_BYTES.gb],
  ['MB', UNIT_BYTES.mb],
  ['KB', UNIT_BYTES.kb],
] as const;

/** The inverse, for messages people read: 1048576 → '1 MB', 102400 → '100 KB'. */
export function formatByteSize(bytes: number): string {
  for (const [unit, size] of DISPLAY_UNITS) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}
