import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { fromMinor, toMinor } from '@common/money';

/** A drop target of the participants panel: an existing family by its index, or a new one. */
export type FamilyTarget = { kind: 'family'; index: number } | { kind: 'new' };

/**
 * The grouping after moving one person onto a target, or null when nothing changes. Groups that
 * become empty disappear; the server numbers families by their order (PUT data.families).
 */
export function moveToFamily(groups: readonly (readonly number[])[], uid: number, target: FamilyTarget): number[][] | null {
  const from = groups.findIndex((g) => g.includes(uid));
  if (from < 0) return null;
  if (target.kind === 'family' && (target.index === from || !groups[target.index])) return null;
  if (target.kind === 'new' && groups[from]!.length === 1) return null;
  const next = groups.map((g) => g.filter((u) => u !== uid));
  if (target.kind === 'new') next.push([uid]);
  else next[target.index]!.push(uid);
  return next.filter((g) => g.length > 0);
}

/** A family's balance as the sum of its members', exactly, in minor units. */
export function sumBalances(amounts: readonly number[], currency: string): number {
  return fromMinor(
    amounts.reduce((sum, a) => sum + toMinor(a, currency), 0),
    currency,
  );
}

const VERTICAL = ['ArrowDown', 'ArrowUp'];

/**
 * Keyboard moves for the families panel: the arrows step from one family (drop target) to the
 * next above or below, in the order they appear, so a keyboard user never has to steer a row
 * across the screen pixel by pixel.
 */
export const familyKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  if (!VERTICAL.includes(event.code)) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, droppableContainers, over, active } = context;
  if (!collisionRect || !active) return undefined;
  const targets = droppableContainers
    .getEnabled()
    .map((c) => ({ id: c.id, rect: droppableRects.get(c.id) }))
    .filter((c): c is { id: typeof c.id; rect: NonNullable<typeof c.rect> } => !!c.rect)
    .sort((a, b) => a.rect.top - b.rect.top || a.rect.left - b.rect.left);
  if (targets.length === 0) return undefined;
  let current = targets.findIndex((c) => c.id === over?.id);
  if (current < 0) {
    const centre = collisionRect.top + collisionRect.height / 2;
    current = targets.findIndex((c) => centre >= c.rect.top && centre <= c.rect.top + c.rect.height);
  }
  const step = event.code === 'ArrowDown' ? 1 : -1;
  const next = targets[current < 0 ? (step > 0 ? 0 : targets.length - 1) : current + step];
  if (!next) return undefined;
  return {
    x: next.rect.left + next.rect.width / 2 - collisionRect.width / 2,
    y: next.rect.top + next.rect.height / 2 - collisionRect.height / 2,
  };
};
