import { describe, expect, it } from 'vitest';
import { base64Payload, croppedImageProblem, imageFileProblem, imageFileTypeProblem } from './images';

const ok = { name: 'me.png', type: 'image/png', size: 200_000, width: 800, height: 600 };

describe('picture checks (specification §5)', () => {
  it('accepts png, jpg and jpeg from 70 to 10000 px a side and up to 5242880 bytes', () => {
    expect(imageFileProblem(ok)).toBeNull();
    expect(imageFileProblem({ ...ok, name: 'me.jpeg', type: 'image/jpeg', width: 70, height: 10_000, size: 5_242_880 })).toBeNull();
    expect(imageFileProblem({ ...ok, name: 'me.JPG', type: '' })).toBeNull();
  });

  it('refuses every other file with the picture-size message', () => {
    expect(imageFileProblem({ ...ok, width: 69 })).toBe('picture_size');
    expect(imageFileProblem({ ...ok, height: 10_001 })).toBe('picture_size');
    expect(imageFileProblem({ ...ok, size: 5_242_881 })).toBe('picture_size');
    expect(imageFileProblem({ ...ok, name: 'me.gif', type: 'image/gif' })).toBe('picture_size');
    expect(imageFileTypeProblem({ name: 'me.webp', type: 'image/webp', size: 10 })).toBe('picture_size');
  });

  it("calls a cropped data URL over 1,000,000 characters 'too big'", () => {
    const prefix = 'data:image/png;base64,';
    expect(croppedImageProblem(prefix + 'A'.repeat(1_000_000 - prefix.length))).toBeNull();
    expect(croppedImageProblem(prefix + 'A'.repeat(1_000_001 - prefix.length))).toBe('picture_too_big');
  });

  it('sends base64 without the data URL prefix', () => {
    expect(base64Payload('data:image/png;base64,iVBORw0K')).toBe('iVBORw0K');
    expect(base64Payload('iVBORw0K')).toBe('iVBORw0K');
  });
});
