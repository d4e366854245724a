/**
 * Specification §2: the product name plus the capitalised first path segment
 * ('/restore_password' shows as 'Restore password').
 */
export function documentTitle(pathname: string, productName = 'Dolya'): string {
  const segment = pathname.split('/').filter(Boolean)[0];
  if (!segment) return productName;
  const words = decodeURIComponent(segment).replace(/[_-]+/g, ' ').trim();
  if (!words) return productName;
  return `${productName} - ${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}
