import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, avatarColour } from './Avatar';

describe('Avatar (specification §3)', () => {
  it('asks the server for the 140x140 size and shows it at 45 px by default', () => {
    const { container } = render(<Avatar url="/app/img/3/{size}.webp" name="Anna Petrova" label="Anna Petrova" />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/app/img/3/140x140.webp');
    expect(img).toHaveAttribute('width', '45');
    expect(screen.getByRole('img', { name: 'Anna Petrova' })).toHaveStyle({ '--avatar-size': '45px' });
  });

  it('shows up to two initials on a colour that depends only on the name', () => {
    const { container, rerender } = render(<Avatar name="anna maria petrova" />);
    const span = container.querySelector('[data-avatar="initials"]') as HTMLElement;
    expect(span).toHaveAttribute('data-initials', 'AM');
    expect(span).toHaveTextContent('');
    expect(span.style.background).not.toBe('');
    expect(avatarColour('anna maria petrova')).toBe(avatarColour('anna maria petrova'));
    const palette = new Set(['Anna', 'Boris', 'Vera', 'Gleb', 'Dima', 'Olga'].map(avatarColour));
    expect(palette.size).toBeGreaterThan(1);
    rerender(<Avatar name="Женя" />);
    expect(container.querySelector('[data-avatar="initials"]')).toHaveAttribute('data-initials', 'Ж');
  });

  it('falls back to the empty-profile image without a picture or a name', () => {
    const { container } = render(<Avatar name="  " />);
    expect(container.querySelector('[data-avatar="empty"] img')).toHaveAttribute('src', '/avatars/empty-profile.svg');
  });

  it('shows a placeholder when the picture fails to load', () => {
    const { container } = render(<Avatar url="/app/img/404/{size}.webp" name="Anna" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('[data-avatar="placeholder"]')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });
});
