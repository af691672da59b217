import { lessonVideo } from '@agentdock/contracts';

/** An allowed player in an iframe, or a video file in the browser's own player. */
export function LessonVideo({ url, title }: { url: string; title: string }) {
  const video = lessonVideo(url);
  if (!video) return null;
  return (
    <div className="mk-lesson__video">
      {video.kind === 'embed' ? (
        <iframe src={video.url} title={`Video: ${title}`} allow="fullscreen; picture-in-picture" referrerPolicy="strict-origin-when-cross-origin" loading="lazy" />
      ) : (
        <video src={video.url} controls preload="metadata" aria-label={`Video: ${title}`} />
      )}
    </div>
  );
}
