/**
 * The lesson contract's plain values: no schemas here, so the course page can show progress and
 * the gateway can list the video hosts without loading zod.
 */

/**
 * Hosts whose players a lesson may embed (an iframe); anything else must be a video file the
 * browser plays itself. The gateway's frame-src lists the same hosts.
 */
export const LESSON_VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'] as const;
const EMBED_PATHS: Record<(typeof LESSON_VIDEO_EMBED_ORIGINS)[number], string> = {
  'https://www.youtube-nocookie.com': '/embed/',
  'https://www.youtube.com': '/embed/',
  'https://player.vimeo.com': '/video/',
};
const VIDEO_FILE = /\.(mp4|webm|ogg)$/i;

export type LessonVideo = { kind: 'embed'; url: string } | { kind: 'file'; url: string };

/** How a lesson's video URL is shown, or null when it is neither an allowed player nor a video file. */
export function lessonVideo(url: string): LessonVideo | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return null;
  const embedPath = EMBED_PATHS[parsed.origin as keyof typeof EMBED_PATHS];
  if (embedPath) return parsed.pathname.startsWith(embedPath) && parsed.pathname.length > embedPath.length ? { kind: 'embed', url: parsed.href } : null;
  return VIDEO_FILE.test(parsed.pathname) ? { kind: 'file', url: parsed.href } : null;
}

/** "4 of 12 lessons, 33 %" */
export function progressText(progress: { completed: number; total: number; percent: number }): string {
  return `${progress.completed} of ${progress.total} ${progress.total === 1 ? 'lesson' : 'lessons'}, ${progress.percent} %`;
}

export const CERTIFICATE_CODE_PATTERN = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;
