import { initials } from '@common/names';

/**
 * Adapter to the shared Avatar (src/components), which the accounts engineer is writing now;
 * until it lands this draws the specification's fallback (initials on a colour from the name)
 * so the events screens can be built against one stable call.
 */
export function PersonAvatar({ name, url, size = 32 }: { name: string; url?: string | null; size?: number }) {
  const hue = [...name].reduce((h, ch) => (h * 31 + ch.codePointAt(0)!) % 360, 7);
  const src = url ? url.replace('{size}', '140x140') : null;
  return src ? (
    <img src={src} alt="" width={size} height={size} style={{ borderRadius: '50%', objectFit: 'cover', flex: 'none' }} />
  ) : (
    <span
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        flex: 'none',
        borderRadius: '50%',
        display: 'inline-grid',
        placeItems: 'center',
        background: `hsl(${hue} 55% 88%)`,
        color: `hsl(${hue} 45% 28%)`,
        fontSize: Math.round(size * 0.4),
        fontWeight: 600,
      }}
    >
      {initials(name)}
    </span>
  );
}
