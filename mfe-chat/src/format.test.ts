import { imageFileName } from './format';

describe('image downloads', () => {
  it('keep the real file type in the name', () => {
    const at = new Date('2026-11-23T07:00:00.000Z');
    expect(imageFileName('image/png', at)).toBe('generated-image-2026-11-23T07-00-00-000Z.png');
    expect(imageFileName('image/jpeg', at)).toBe('generated-image-2026-11-23T07-00-00-000Z.jpg');
    expect(imageFileName('image/webp; charset=binary', at)).toBe('generated-image-2026-11-23T07-00-00-000Z.webp');
    expect(imageFileName('', at)).toBe('generated-image-2026-11-23T07-00-00-000Z.png');
  });
});
