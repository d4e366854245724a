/** Specification §1: sharing the product opens the network's page in a 626x436 popup. */
export const SHARE_POPUP = { width: 626, height: 436 } as const;

export const SHARE_NETWORKS = ['telegram', 'whatsapp', 'facebook', 'vk', 'x'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/** The network's own share page for a link and a line of text. */
export function shareUrl(network: ShareNetwork, url: string, text: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  switch (network) {
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${t}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'vk':
      return `https://vk.com/share.php?url=${u}&title=${t}`;
    case 'x':
      return `https://twitter.com/intent/tweet?url=${u}&text=${t}`;
  }
}

/**
 * The window.open features of the popup: 626x436, centred over the current window where the
 * screen allows, never placed off screen.
 */
export function popupFeatures(screenBox: { left: number; top: number; width: number; height: number }): string {
  const left = Math.max(0, Math.round(screenBox.left + (screenBox.width - SHARE_POPUP.width) / 2));
  const top = Math.max(0, Math.round(screenBox.top + (screenBox.height - SHARE_POPUP.height) / 2));
  return `width=${SHARE_POPUP.width},height=${SHARE_POPUP.height},left=${left},top=${top},noopener,noreferrer,resizable=yes,scrollbars=yes`;
}

/** Opens the network's share page in the popup; the current tab stays where it is. */
export function openSharePopup(network: ShareNetwork, url: string, text: string, win: Window = window): void {
  const features = popupFeatures({ left: win.screenX, top: win.screenY, width: win.outerWidth, height: win.outerHeight });
  win.open(shareUrl(network, url, text), `share-${network}`, features);
}
