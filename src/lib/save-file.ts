/**
 * Hands a file made in the page to the browser's downloads: a link to it clicked and let go. The
 * API's downloads need the signed-in token, which a plain link to the API would not carry.
 */
export function saveFile(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from an event's name: what no file system takes left out. */
export function fileNameOf(name: string, extension: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what file systems refuse
  const clean = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '').trim();
  return `${clean || 'dolya'}.${extension}`;
}
