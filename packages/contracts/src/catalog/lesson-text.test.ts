import { lessonVideo, progressText } from './lesson-text';

describe('lessonVideo', () => {
  it.each([
    ['https://www.youtube-nocookie.com/embed/abc123', 'embed'],
    ['https://www.youtube.com/embed/abc123?start=30', 'embed'],
    ['https://player.vimeo.com/video/76979871', 'embed'],
    ['https://cdn.example.com/lessons/intro.mp4', 'file'],
    ['https://cdn.example.com/lessons/intro.WEBM', 'file'],
  ])('shows %s as %s', (url, kind) => {
    expect(lessonVideo(url)?.kind).toBe(kind);
  });

  it.each([
    'http://www.youtube.com/embed/abc123',
    'https://www.youtube.com/watch?v=abc123',
    'https://www.youtube.com/embed/',
    'https://evil.example.com/embed/abc123',
    'https://user:pass@player.vimeo.com/video/1',
    'https://cdn.example.com/lessons/intro.html',
    'javascript:alert(1)//.mp4',
    'data:video/mp4;base64,AAAA',
    'not a url',
  ])('refuses %s', (url) => {
    expect(lessonVideo(url)).toBeNull();
  });
});

describe('progressText', () => {
  it('says how far the learner is, in the product words', () => {
    expect(progressText({ completed: 4, total: 12, percent: 33 })).toBe('4 of 12 lessons, 33 %');
    expect(progressText({ completed: 0, total: 1, percent: 0 })).toBe('0 of 1 lesson, 0 %');
  });
});
