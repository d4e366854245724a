import { describe, expect, it, vi } from 'vitest';
import { openSharePopup, popupFeatures, shareUrl, SHARE_NETWORKS } from './share';

describe('sharing the product', () => {
  it('opens a 626x436 popup centred over the window', () => {
    expect(popupFeatures({ left: 100, top: 50, width: 1280, height: 800 })).toBe(
      'width=626,height=436,left=427,top=232,noopener,noreferrer,resizable=yes,scrollbars=yes',
    );
  });

  it('never places the popup off screen when the window is smaller than it', () => {
    const features = popupFeatures({ left: 0, top: 0, width: 390, height: 300 });
    expect(features).toContain('width=626,height=436');
    expect(features).toContain('left=0,top=0');
  });

  it('sends the link and the text to every network, encoded', () => {
    const url = 'https://dolya.app/?a=1&b=2';
    for (const network of SHARE_NETWORKS) {
      const href = shareUrl(network, url, 'Split bills & settle');
      expect(href.startsWith('https://'), network).toBe(true);
      expect(href, network).toContain(encodeURIComponent(url).slice(0, 20));
      expect(href, network).not.toContain('&b=2');
    }
    expect(shareUrl('telegram', url, 'Hi there')).toBe(`https://t.me/share/url?url=${encodeURIComponent(url)}&text=Hi%20there`);
  });

  it('calls window.open with the network page, a named window and the popup features', () => {
    const open = vi.fn();
    const win = { screenX: 0, screenY: 0, outerWidth: 1326, outerHeight: 936, open } as unknown as Window;
    openSharePopup('vk', 'https://dolya.app/', 'Dolya', win);
    expect(open).toHaveBeenCalledWith(
      'https://vk.com/share.php?url=https%3A%2F%2Fdolya.app%2F&title=Dolya',
      'share-vk',
      'width=626,height=436,left=350,top=250,noopener,noreferrer,resizable=yes,scrollbars=yes',
    );
  });
});
