import { useState, type CSSProperties } from 'react';
import { initials } from '@common/names';
import styles from './Avatar.module.css';

/** The size the server renders in place of `{size}` (specification §3). */
export const AVATAR_IMAGE_SIZE = '140x140';
export const EMPTY_PROFILE_IMAGE = '/avatars/empty-profile.svg';

/** Fills with enough contrast for white initials (WCAG AA for large text). */
const COLOURS = ['#1f6feb', '#8250df', '#bf3989', '#cf222e', '#bc4c00', '#1a7f37', '#0a7d8c', '#6e5494', '#57606a'];

/** The same name always gets the same colour, so people are recognisable between screens. */
export function avatarColour(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}

export function avatarSrc(url: string | null | undefined): string | null {
  return url ? url.replace('{size}', AVATAR_IMAGE_SIZE) : null;
}

export interface AvatarProps {
  url?: string | null;
  name?: string | null;
  /** Shown size in CSS pixels; 45 by default (specification §3). */
  size?: number;
  className?: string;
  /** Set when the avatar stands alone; next to the person's name it is decoration. */
  label?: string;
}

/**
 * One avatar everywhere: the picture, else initials on a colour from the name, else the
 * empty-profile image; a picture that fails to load shows a placeholder instead.
 */
export function Avatar({ url, name, size = 45, className, label }: AvatarProps) {
  const src = avatarSrc(url);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const letters = initials(name);
  const style = { '--avatar-size': `${size}px` } as CSSProperties;
  const classes = [styles.avatar, className].filter(Boolean).join(' ');
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };

  if (src && failedSrc !== src) {
    return (
      <span className={classes} style={style} {...a11y} data-avatar="image">
        <img src={src} alt="" width={size} height={size} onError={() => setFailedSrc(src)} draggable={false} />
      </span>
    );
  }
  if (src) {
    return (
      <span className={`${classes} ${styles.placeholder}`} style={style} {...a11y} data-avatar="placeholder">
        <svg width="60%" height="60%" viewBox="0 0 24 24" aria-hidden="true">
          <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <circle cx="9" cy="10" r="1.8" fill="currentColor" />
          <path d="M4 17l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
      </span>
    );
  }
  if (letters) {
    return (
      // The letters are drawn by CSS, not written as text: they are decoration, and as text they
      // would become part of a link's or button's visible label without being in its name.
      <span className={classes} style={{ ...style, background: avatarColour(name ?? '') }} {...a11y} data-avatar="initials" data-initials={letters} />
    );
  }
  return (
    <span className={classes} style={style} {...a11y} data-avatar="empty">
      <img src={EMPTY_PROFILE_IMAGE} alt="" width={size} height={size} draggable={false} />
    </span>
  );
}
