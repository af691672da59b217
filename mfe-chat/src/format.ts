const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif', 'image/svg+xml': 'svg' };

/** The download's file name: the current timestamp, with the extension of the image's real type (PNG unless told). */
export function imageFileName(type: string, now = new Date()): string {
  return `generated-image-${now.toISOString().replace(/[:.]/g, '-')}.${EXTENSIONS[type.split(';')[0]!.trim().toLowerCase()] ?? 'png'}`;
}
